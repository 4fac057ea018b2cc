import Testing
import Foundation
import Glibc
@testable import kinetic

/// Issue 37: a run killed during `--video` (SIGKILL skips every clean-up) leaves its partial
/// video `.kinetic-video-PID.mp4` and ffmpeg's log beside the target; the next run that writes
/// a video into that folder removes them, and never the files of a process still running.
@Suite struct VideoLeftoverTests {
    /// A fresh folder with `.kinetic-video-PID.mp4` and `.log` for each of `pids`, and a file
    /// that only looks alike.
    static func folder(pids: [Int32]) throws -> String {
        let folder = Kinetic.temp("video-leftovers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for pid in pids {
            for ext in ["mp4", "log"] { try "partial".write(toFile: "\(folder)/.kinetic-video-\(pid).\(ext)", atomically: false, encoding: .utf8) }
        }
        try "mine".write(toFile: folder + "/.kinetic-video-notes.txt", atomically: false, encoding: .utf8)
        return folder
    }

    static func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func onlyTheFilesOfProcessesThatAreGoneAreRemoved() throws {
        let dead = Int32.max - 1, live = getpid()
        let folder = try Self.folder(pids: [dead, live])
        let removed = VideoEncoder.removeStaleTemporaries(in: folder)
        #expect(removed.map { ($0 as NSString).lastPathComponent } == [".kinetic-video-\(dead).log", ".kinetic-video-\(dead).mp4"])
        #expect(try Self.names(folder) == [".kinetic-video-\(live).log", ".kinetic-video-\(live).mp4", ".kinetic-video-notes.txt"])
    }

    @Test func theNextVideoRunIntoTheFolderRemovesThem() throws {
        let dir = try VideoTests.fakeFFmpeg(VideoTests.mp4Writer + #"cat >> "$out""#)
        let dead = Int32.max - 1, live = getpid()
        let folder = try Self.folder(pids: [dead, live])
        let r = try Kinetic.run(["--headless", "--scene", "drag", "--size", "640x480", "--frames", "2", "--video", folder + "/out.mp4"],
                                environment: VideoTests.environment(path: dir + ":/usr/bin:/bin"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.names(folder) == [".kinetic-video-\(live).log", ".kinetic-video-\(live).mp4", ".kinetic-video-notes.txt", "out.mp4"])
    }
}
