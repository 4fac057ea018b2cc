internal import CSDL2

/// The system clipboard, through SDL (the app's E key copies exported code there).
///
/// SDL's video subsystem must be running (``SDLSystem/start(_:)``); under X11 the text stays
/// available while the app runs, as SDL serves it from its own window.
public enum Clipboard {
    /// Puts `text` (UTF-8) on the clipboard, replacing what was there; throws an ``SDLError``
    /// carrying SDL's explanation when it cannot (no video subsystem, the clipboard refused it).
    public static func setText(_ text: String) throws(SDLError) {
        if SDL_SetClipboardText(text) != 0 { throw SDLError("SDL_SetClipboardText") }
    }

    /// The clipboard's text, or nil when it holds none (or SDL cannot read it).
    public static func text() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }
}
