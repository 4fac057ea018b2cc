import Foundation

/// Checks that a video file ffmpeg wrote is whole before it takes the user's name: its exit
/// status alone is not proof (an encoder that filled the disk, or a broken one, can leave an
/// empty or cut file and exit 0).
///
/// The check reads the container's own bookkeeping, not the frames: an MP4's top-level boxes
/// must cover the file exactly and include `moov`; a WebM's EBML header and `Segment` must be
/// there and the segment's declared size must fit the file; a GIF must open with its signature
/// and end with its trailer byte (0x3B). Pure reading: `kinetic run --video` checks its encode
/// with it before the video takes the user's name.
package enum VideoContainer {
    /// Why the file at `path` is not a whole `format` ("mp4", "webm", "gif") video, or nil.
    package static func problem(inFileAt path: String, format: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return "it wrote no file" }
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else { return "it wrote an empty file" }
        switch format {
        case "gif": return gifProblem(bytes)
        case "webm": return webmProblem(bytes)
        default: return mp4Problem(bytes)
        }
    }

    /// Why `b` is not a whole GIF (no signature, no trailer), or nil.
    package static func gifProblem(_ b: [UInt8]) -> String? {
        guard b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) else { return "the file is not a GIF" }
        return b.last == 0x3B ? nil : "the GIF is cut short (no trailer)"
    }

    /// Why `b` is not a whole MP4, or nil. ISO base media boxes: 32-bit size (1: a 64-bit size follows the type; 0: to the end of
    /// the file) and a four-letter type.
    package static func mp4Problem(_ b: [UInt8]) -> String? {
        func be(_ at: Int, _ count: Int) -> UInt64 { b[at..<(at + count)].reduce(0) { $0 << 8 | UInt64($1) } }
        var offset = 0
        var types: Set<String> = []
        while offset < b.count {
            guard offset + 8 <= b.count else { return "the MP4 is cut short (a box header is incomplete)" }
            var size = be(offset, 4)
            let type = String(decoding: b[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if size == 1 {
                guard offset + 16 <= b.count else { return "the MP4 is cut short (a box header is incomplete)" }
                size = be(offset + 8, 8)
            } else if size == 0 {
                size = UInt64(b.count - offset)
            }
            guard size >= 8, UInt64(offset) + size <= UInt64(b.count) else {
                return "the MP4 is cut short (its '\(type)' box claims \(size) bytes, \(b.count - offset) are there)"
            }
            types.insert(type)
            offset += Int(size)
        }
        guard types.contains("ftyp") || types.contains("moov") else { return "the file is not an MP4" }
        return types.contains("moov") ? nil : "the MP4 has no 'moov' box (ffmpeg did not finish it)"
    }

    /// Why `b` is not a whole WebM, or nil. EBML: element IDs and sizes are variable-length integers; an all-ones size is "unknown".
    package static func webmProblem(_ b: [UInt8]) -> String? {
        /// The variable-length integer at `at`: its value (marker bit removed, or nil when all
        /// ones) and its length.
        func vint(_ at: Int) -> (value: UInt64?, length: Int)? {
            guard at < b.count, b[at] != 0 else { return nil }
            let length = b[at].leadingZeroBitCount + 1
            guard at + length <= b.count else { return nil }
            var value = UInt64(b[at] & (0xFF >> length))
            var allOnes = value == UInt64(0xFF >> length)
            for k in 1..<length {
                value = value << 8 | UInt64(b[at + k])
                allOnes = allOnes && b[at + k] == 0xFF
            }
            return (allOnes ? nil : value, length)
        }
        guard b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]), let header = vint(4), let headerSize = header.value else {
            return "the file is not a WebM"
        }
        let segment = 4 + header.length + Int(headerSize)
        guard segment + 4 <= b.count, b[segment..<(segment + 4)] == [0x18, 0x53, 0x80, 0x67], let size = vint(segment + 4) else {
            return "the WebM is cut short (no segment)"
        }
        guard let declared = size.value else { return nil } // written live: no size to check
        let end = UInt64(segment + 4 + size.length) + declared
        return end <= UInt64(b.count) ? nil : "the WebM is cut short (\(b.count) of \(end) bytes)"
    }
}
