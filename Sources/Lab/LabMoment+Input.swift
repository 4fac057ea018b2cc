import Geometry
import Gestures
import Scenes

/// Input as a moment takes it: to a HUD control, to the scene (to both halves while comparing),
/// or as a lab hotkey; what belongs to the shell (saving, recording, the timeline, files and the
/// clipboard) is handed back.
extension LabMoment {
    /// What became of an input (``handle(_:)``).
    package enum Outcome: Equatable {
        /// The moment took it (or it changed nothing).
        case handled
        /// A key the moment leaves to the shell: every Ctrl (or Cmd) key, and the shell's own
        /// keys no scene used (``shellKeys``).
        case shellKey(KeyEvent)
    }

    /// The keys without Ctrl that act outside the moment when no scene uses them: P (screenshot),
    /// E (export), I and X (clip), `,` (a frame back, by the timeline), the timeline strip's
    /// key, Enter (re-run) and J (the re-run's ghost). A replay leaves them out: they change
    /// nothing a frame shows (a re-run logs what it does).
    package static let shellKeys: Set<String> = Set(["p", "e", "i", "x", ",", "j", LabSession.timelineKey]).union(LabSession.rerunKeys)

    /// Routes one input: a HUD control takes it first, then the scene (both halves while
    /// comparing, each at the same place relative to its frame); a key no scene uses is a lab
    /// hotkey (``handleKey(_:_:)``) unless it is the shell's.
    @discardableResult
    package func handle(_ input: InputEvent) -> Outcome {
        if let p = input.location { pointer = p }
        // A press while a button is held (another button, or the same one whose release was lost)
        // that the HUD takes below ends the scenes' pointer sequence: the HUD keeps the releases
        // that follow, so the scenes would wait for one for ever.
        var pressedWhileHeld: PointerEvent?
        if case .pointer(let e) = input, e.phase == .down, !buttonsDown.isEmpty { pressedWhileHeld = e }
        switch input {
        case .pointer(let e) where e.phase == .down: buttonsDown.insert(e.button)
        case .pointer(let e) where e.phase == .up || e.phase == .cancelled: buttonsDown.remove(e.button)
        case .focusLost: buttonsDown.removeAll()
        default: break
        }
        if handleHUDControl(input) || handleCodePanel(input) {
            if let e = pressedWhileHeld {
                let cancel = InputEvent.pointer(PointerEvent(.cancelled, location: e.location, timestamp: e.timestamp, button: e.button))
                scene.handle(cancel)
                compareHalf?.scene.handle(cancel)
            }
            return .handled
        }
        if case .key(let k) = input {
            if k.modifiers.contains(.control) || k.modifiers.contains(.command) { return .shellKey(k) }
            var used = scene.handle(input)
            if let b = compareHalf?.scene { used = b.handle(input) || used }
            guard !used else { return .handled }
            if Self.shellKeys.contains(k.key) { return .shellKey(k) }
            handleKey(k.key, k.modifiers)
            return .handled
        }
        guard let b = compareHalf?.scene else { scene.handle(input); return .handled }
        // A/B: the same gesture in both halves, at the same place relative to each half's frame,
        // measured from the half where the pointer sequence began.
        let frames = halfFrames
        var source = sequenceHalf ?? input.location.flatMap { CompareHalf.half(of: $0, in: frames) } ?? 0
        if case .pointer(let e) = input {
            if e.phase == .down, sequenceHalf == nil {
                source = CompareHalf.half(of: e.location, in: frames) ?? 0
                sequenceHalf = source
            } else if e.phase == .up || e.phase == .cancelled, buttonsDown.isEmpty {
                sequenceHalf = nil
            }
        }
        if case .focusLost = input { sequenceHalf = nil }
        let origin = frames[source].origin
        scene.handle(input.offset(by: frames[0].origin - origin))
        b.handle(input.offset(by: frames[1].origin - origin))
        return .handled
    }
}
