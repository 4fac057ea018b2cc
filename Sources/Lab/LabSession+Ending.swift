import Foundation
import Scenes

/// How a session ends: what it leaves behind (a recording still running, `--record`'s script, an
/// exchange arrangement not yet saved), and `--data`'s saves after each exchange.
extension LabSession {
    /// Writes what the session leaves behind (and names a clip still rendering): a Ctrl+R recording still running, `--record`'s
    /// script (the branch shown, exactly, frames included, once the session left a run), and one more try at an exchange arrangement that could not be saved. Returns that
    /// save's failure, if it failed again, and why `--record`'s script could not be written (a
    /// full disk): the host writes its other outputs first, then exits non-zero with them
    /// (``ExchangeDataSaver/Failure/exitMessage(unsaved:)``).
    package func finish() -> (unsaved: ExchangeDataSaver.Failure?, recording: Error?) {
        if sessionRecording != nil { toggleSessionRecording() }  // a recording still running at exit is kept
        // A clip still rendering runs on in its own process: the file is whole when it ends.
        if let path = clipRender?.path { services.warn("\(path) is still rendering in the background; it is complete when that render ends") }
        let failure = dataSaver?.saveUnsaved()
        // `--record` writes the branch shown: once the session has left a run (a resume from the
        // past, a re-run, an undo), the input as it came is not what the user ended with.
        if let recorder, timeline.nextBranchID > 0, let log = timeline.log, log.isComplete, log.start.isSessionStart {
            recorder.replaceContents(with: log.lines.map { $0.text(exact: true) + "\n" }.joined())
        }
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
