/// What a session asks of its host beyond frames: the terminal, the clipboard and the wall clock's
/// name for new files. The window's host fills every slot; headless runs have no clipboard; the
/// fuzzer and tests pass ``silent``, so nothing reaches the terminal or the disk by way of them.
package struct LabServices {
    /// Writes `text` to standard output as it is (an export's code, a recording's render command).
    package var print: (String) -> Void
    /// Reports a problem the session survives: one line on standard error (without `kinetic: `).
    package var warn: (String) -> Void
    /// Puts `text` on the system clipboard; nil where there is none (headless runs).
    package var copyToClipboard: ((String) throws -> Void)?
    /// The system clipboard's text (nil when it holds none); nil where there is no clipboard.
    package var pasteFromClipboard: (() -> String?)?
    /// The local date and time as `yyyyMMdd-HHmmss`, naming the files a session writes on request
    /// (Ctrl+R recordings). The library reads no clock: the host does.
    package var fileStamp: () -> String
    /// Starts `kinetic` with `arguments` in the background (a clip's headless render) and returns
    /// it; nil where the host renders nothing in the background (headless runs, the fuzzer, tests).
    package var startRender: (([String]) throws -> BackgroundRender)?

    /// Services from the host's closures.
    package init(print: @escaping (String) -> Void, warn: @escaping (String) -> Void,
                 copyToClipboard: ((String) throws -> Void)?, pasteFromClipboard: (() -> String?)? = nil,
                 fileStamp: @escaping () -> String, startRender: (([String]) throws -> BackgroundRender)? = nil) {
        self.print = print
        self.warn = warn
        self.copyToClipboard = copyToClipboard
        self.pasteFromClipboard = pasteFromClipboard
        self.fileStamp = fileStamp
        self.startRender = startRender
    }

    /// Services that discard output and have no clipboard (the fuzzer, tests).
    package static var silent: LabServices {
        LabServices(print: { _ in }, warn: { _ in }, copyToClipboard: nil, fileStamp: { "00000000-000000" })
    }
}
