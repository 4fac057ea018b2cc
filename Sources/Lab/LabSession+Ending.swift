import Foundation
import Scenes

/// How a session ends: what it leaves behind (a recording still running, `--record`'s script, an
/// exchange arrangement not yet saved), and `--data`'s saves after each exchange.
extension LabSession {
    /// Writes what the session leaves behind (and names a clip still rendering): a Ctrl+R recording still running, `--record`'s
    /// script, and one more try at an exchange arrangement that could not be saved. Returns that
    /// save's failure, if it failed again, and why `--record`'s script could not be written (a
    /// full disk): the host writes its other outputs first, then exits non-zero with them
    /// (``ExchangeDataSaver/Failure/exitMessage(unsaved:)``).
    package func finish() -> (unsaved: ExchangeDataSaver.Failure?, recording: Error?) {
        if sessionRecording != nil { toggleSessionRecording() }  // a recording still running at exit is kept
        // A clip still rendering runs on in its own process: the file is whole when it ends.
        if let path = clipRender?.path { services.warn("\(path) is still rendering in the background; it is complete when that render ends") }
        let failure = dataSaver?.saveUnsaved()
        do {
            try recorder?.finish()
            return (failure, nil)
        } catch {
            return (failure, error)
        }
    }

    /// Ends a session that never ran (its host could not start): `--record`'s temporary file
    /// is removed, so a failed start leaves nothing behind.
    package func abandon() {
        recorder?.abandon()
    }

    /// The arrangement ``finish()`` could not save, if any.
    package var unsavedExchangeModel: ExchangeModel? { dataSaver?.unsaved }

    /// With `--data`, saves the exchange arrangement after each completed transaction. A failed
    /// save is one line on stderr and a short notice; the arrangement stays in memory and the
    /// next transaction (or the exit) tries again. Only the moment shown saves: a moment the
    /// timeline replays or keeps has no hook (``restore(keepingFrames:)`` takes it off).
    func attachSaver() {
        moment.environment.persistExchangeModel = { [weak self] model in
            guard let self, let saver = self.dataSaver else { return }
            let wasUnsaved = saver.unsaved != nil
            if let failure = saver.save(model) {
                self.services.warn(failure.message)
                self.overlay.notice(failure.notice, at: self.now)
            } else if wasUnsaved {
                self.overlay.notice("saved \(URL(fileURLWithPath: saver.path).lastPathComponent)", at: self.now)
            }
        }
    }
}
