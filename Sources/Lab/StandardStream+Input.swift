import Foundation

extension StandardStream {
    /// Standard input as text, read up to one byte past `limit` bytes: nil when it holds more
    /// (the rest is not read into memory). Bytes that are not UTF-8 are read as U+FFFD.
    /// - Throws: ``KineticError`` "cannot read standard input: …" when a read fails.
    package static func readInput(limit: Int) throws -> String? {
        var data = Data()
        while data.count <= limit {
            let chunk: Data
            do { chunk = try FileHandle.standardInput.read(upToCount: limit + 1 - data.count) ?? Data() } catch {
                throw KineticError("cannot read standard input: \(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data.count > limit ? nil : String(decoding: data, as: UTF8.self)
    }
}
