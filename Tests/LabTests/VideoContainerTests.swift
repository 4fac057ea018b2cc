import Testing
import Lab

/// Issue 24: the checks that a video ffmpeg wrote is whole.
@Suite struct VideoContainerTests {
    @Test func mp4BoxesMustCoverTheFileAndHoldMoov() {
        let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 0, 0]
        let moov: [UInt8] = [0, 0, 0, 8] + Array("moov".utf8)
        let mdat: [UInt8] = [0, 0, 0, 12] + Array("mdat".utf8) + [1, 2, 3, 4]
        #expect(VideoContainer.mp4Problem(ftyp + mdat + moov) == nil)
        #expect(VideoContainer.mp4Problem(ftyp + mdat)?.contains("no 'moov'") == true)
        #expect(VideoContainer.mp4Problem(ftyp + moov + mdat.dropLast(2))?.contains("cut short") == true)
        #expect(VideoContainer.mp4Problem(Array("hello world!".utf8)) != nil)
    }

    @Test func webmSegmentMustFit() {
        let header: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x82, 0x42, 0x86] // EBML, size 2, two bytes of body
        let segment: [UInt8] = [0x18, 0x53, 0x80, 0x67, 0x84, 1, 2, 3, 4]  // Segment, size 4
        #expect(VideoContainer.webmProblem(header + segment) == nil)
        #expect(VideoContainer.webmProblem(header + segment.dropLast())?.contains("cut short") == true)
        #expect(VideoContainer.webmProblem(header + [0x18, 0x53, 0x80, 0x67, 0xFF, 1]) == nil) // unknown size (live)
        #expect(VideoContainer.webmProblem([0x1A, 0x45, 0xDF, 0xA3, 0x82, 0x42, 0x86]) != nil)
    }

    @Test func gifNeedsItsTrailer() {
        #expect(VideoContainer.gifProblem(Array("GIF89a".utf8) + [0, 0x3B]) == nil)
        #expect(VideoContainer.gifProblem(Array("GIF89a".utf8) + [0, 1]) != nil)
    }
}
