/// What the springy scene's rows show: a fixed conversation of ``script`` entries, repeated down
/// the list, so any row's entry (of up to a million) is one remainder away and costs the same.
enum Conversation {
    /// Who wrote a message.
    enum Sender: Equatable {
        /// The user: sent messages, on the right in blue.
        case me
        /// The other person: received messages, on the left in grey.
        case them
    }

    /// One row: a message or a timestamp between messages.
    enum Entry: Equatable {
        case message(String, from: Sender)
        /// A time as the transcript shows it, e.g. "Monday 9:41 AM".
        case timestamp(String)
    }

    /// One pass of the conversation. Timestamps hold the time only; the day comes from the pass
    /// (``entry(at:)``), so the repeats read as following days. A few messages are long enough to
    /// wrap, and two are longer than two lines, to show the "…".
    static let script: [ScriptEntry] = [
        .time("9:41 AM"),
        .them("Hey! Are you still coming to the lab demo?"),
        .me("Yes, on my way"),
        .me("Running ten minutes late, the tram is crawling"),
        .them("No rush"),
        .them("We're still fighting the projector anyway"),
        .me("Classic"),
        .them("Did you get the springy list working?"),
        .me("Mostly. Every message hangs on its own spring now, and the ones far from the pointer lag behind a bit more"),
        .me("It feels like the old iOS 7 Messages app"),
        .them("Oh nice, I loved that"),
        .them("What frequency are the springs?"),
        .me("6.8 Hz, critically damped"),
        .them("So no wobble"),
        .me("Exactly. Press R a few times and they lag a lot more, it gets silly fast"),
        .time("10:02 AM"),
        .them("Ok I'm at the door"),
        .them("Which room?"),
        .me("2.14, second floor, left after the coffee machine"),
        .them("Got it"),
        .me("Grab me a coffee?"),
        .them("Flat white?"),
        .me("Perfect, thanks"),
        .them("They're out of oat milk, so you're getting whatever this is"),
        .me("Brave"),
        .time("12:30 PM"),
        .me("That went really well"),
        .them("It did! Everyone kept scrolling the list up and down just to watch the messages bounce, I think we should put it first next time"),
        .me("Agreed"),
        .them("Lunch?"),
        .me("Yes please"),
        .me("Noodles?"),
        .them("Noodles."),
        .time("6:15 PM"),
        .them("Quick question for the write-up: when you scroll really fast with a huge resistance, do the messages ever pass each other, or does something keep them in order? I couldn't tell from the back of the room, and the people next to me were arguing about it the whole time"),
        .me("They can overlap for a moment, but each message is drawn over the one before it, so it just looks like a stack of paper sliding back into place and never like a glitch. Try it with the resistance turned all the way up, promise"),
        .them("Neat"),
        .me("And a million rows cost the same as a thousand: only the ones near the screen have springs"),
        .them("Show-off"),
        .me("Guilty"),
        .them("See you tomorrow?"),
        .me("See you tomorrow!"),
    ]

    /// An entry as written in ``script``.
    enum ScriptEntry {
        case me(String), them(String), time(String)
    }

    /// Day names for the timestamps of successive passes.
    private static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The entry of row `index` (0 or more).
    static func entry(at index: Int) -> Entry {
        let (pass, k) = max(0, index).quotientAndRemainder(dividingBy: script.count)
        switch script[k] {
        case .me(let text): return .message(text, from: .me)
        case .them(let text): return .message(text, from: .them)
        case .time(let time): return .timestamp("\(days[pass % days.count]) \(time)")
        }
    }

    /// The sender of row `index`, nil for a timestamp row.
    static func sender(at index: Int) -> Sender? {
        if case .message(_, let sender) = entry(at: index) { return sender }
        return nil
    }

    /// Whether row `index` is the first message of a run by one sender: the row before is a
    /// timestamp, the other sender's, or there is none.
    static func isFirstInRun(_ index: Int) -> Bool {
        guard let who = sender(at: index) else { return false }
        return index == 0 || sender(at: index - 1) != who
    }

    /// Whether row `index` is the last message of a run by one sender in a list of `count` rows:
    /// the next row is a timestamp, the other sender's, or past the end. Only these bubbles have a
    /// tail, as in Messages.
    static func isLastInRun(_ index: Int, count: Int) -> Bool {
        guard let who = sender(at: index) else { return false }
        return index + 1 >= count || sender(at: index + 1) != who
    }
}
