import Testing
import Foundation

/// Issue 24: a Ctrl+R recording never holds its own stop key (replayed, it started another
/// recording and overwrote the first with an empty file).
@Suite struct SessionRecordingTests {
    @Test func aRecordingHoldsNeitherItsStartNorItsStopKey() throws {
        let dir = URL(fileURLWithPath: Kinetic.temp("session-recording-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent("input.jsonl").path
        try [#"{"t":0.1,"type":"key","key":"r","mods":["ctrl"]}"#,
             #"{"t":0.2,"type":"move","x":100,"y":100}"#,
             #"{"t":0.3,"type":"key","key":"r","mods":["ctrl"]}"#].joined(separator: "\n")
            .write(toFile: script, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = Kinetic.binary
        p.arguments = ["run", "--headless", "--script", script]
        p.currentDirectoryURL = dir
        p.environment = ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy"]) { $1 }
        p.standardOutput = Pipe()
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let recordings = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasPrefix("kinetic-session-") && $0.hasSuffix(".jsonl") }
        try #require(recordings.count == 1, "\(recordings)")
        // Issue 27: the recording is the whole session (frames and input) with a mark where
        // Ctrl+R started it; its one input is the move, and no Ctrl+R is in it.
        let lines = try String(contentsOf: dir.appendingPathComponent(recordings[0]), encoding: .utf8)
            .split(separator: "\n")
        let inputs = lines.filter { !$0.contains("\"frame\"") && !$0.contains("\"mark\"") }
        #expect(inputs.count == 1 && inputs[0].contains("\"move\""), "\(inputs)")
        #expect(lines.filter { $0.contains("\"mark\"") } == [#"{"t":0.1,"type":"mark"}"#])
    }
}
