internal import CSDL2
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Serialises the calls that change SDL's, SDL_ttf's and SDL_image's process-wide state
/// (init/quit counters, SDL_image's loader table): tests load PNGs from several threads while
/// the SDL suite starts SDL.
let sdlGlobalState = Mutex(())

/// Starts SDL, SDL_ttf and SDL_image once per process and chooses the video driver.
///
/// SDL keeps global state, so every caller goes through here; starting twice is harmless
/// (SDL and SDL_ttf count their initialisations).
public enum SDLSystem {
    /// Why SDL could not start in the requested mode.
    public enum Mode: Sendable {
        /// A real window on the user's display (X11 or Wayland).
        case windowed
        /// No display: SDL's dummy video driver plus a software renderer on a surface.
        case headless
    }

    /// Starts SDL's video subsystem, SDL_ttf and SDL_image for `mode`.
    ///
    /// In windowed mode with neither `DISPLAY` nor `WAYLAND_DISPLAY` set, throws a one-line
    /// explanation instead of letting SDL print a cascade of driver errors.
    public static func start(_ mode: Mode) throws {
        try sdlGlobalState.withLock { _ in try startLocked(mode) }
    }

    private static func startLocked(_ mode: Mode) throws {
        switch mode {
        case .headless:
            // Set explicitly: SDL would otherwise try X11 first and fail on a machine without one.
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            _ = SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        case .windowed:
            // An empty SDL_VIDEODRIVER names no driver, but as an environment variable it would
            // still outrank the hint below: it goes, so SDL probes as when it is unset.
            if requestedDriver == nil { unsetenv("SDL_VIDEODRIVER") }
            let display = getenv("DISPLAY").map { String(cString: $0) } ?? ""
            let wayland = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? ""
            if display.isEmpty && wayland.isEmpty && requestedDriver == nil {
                throw SDLError("display", message:
                    "no display found (DISPLAY and WAYLAND_DISPLAY are unset); use --headless to render offscreen")
            }
            // Without XDG_RUNTIME_DIR, Wayland can reach only an absolute WAYLAND_DISPLAY, and
            // libwayland says so on stderr in its own words before SDL moves on: go to X11 directly.
            if requestedDriver == nil, getenv("XDG_RUNTIME_DIR") == nil, !wayland.hasPrefix("/") {
                guard !display.isEmpty else {
                    throw SDLError("display", message: "cannot open the display WAYLAND_DISPLAY=\(wayland): XDG_RUNTIME_DIR is not set; "
                        + "use --headless to render offscreen")
                }
                _ = SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
            }
        }
        if mode == .windowed { widenSoftwareRasterizer() }
        // Keep the compositor from being disabled and let a click that focuses the window act.
        _ = SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        _ = SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        if SDL_Init(SDL_INIT_VIDEO) != 0 {
            let e = SDLError("SDL_Init")
            if mode == .windowed {
                throw SDLError("display", message: "cannot open the display \(displayNames) (\(e.message)); use --headless to render offscreen")
            }
            throw e
        }
        if mode == .windowed, let problem = invisibleDriverProblem() {
            SDL_Quit()
            throw SDLError("display", message: problem)
        }
        if TTF_WasInit() == 0, TTF_Init() != 0 {
            let e = SDLError("TTF_Init")
            SDL_Quit()
            throw e
        }
        let pngFlag = Int32(IMG_INIT_PNG.rawValue)
        if IMG_Init(pngFlag) & pngFlag == 0 {
            let e = SDLError("IMG_Init")
            TTF_Quit(); SDL_Quit()
            throw e
        }
    }

    /// Gives Mesa's llvmpipe (the OpenGL SDL gets on a display without a GPU, such as Xvfb) at
    /// least 8 rasterizer threads, where it would start one per core, unless `LP_NUM_THREADS`
    /// is already set (the user's choice stands; no other driver reads it). On 2 cores, 8
    /// threads (measured against 2, 3 and 4) finish the slowest frames sooner: at 1280×800 and
    /// 144 Hz the cards scene's p99 frame went from 10.4–10.6 ms to 7.9–8.2 ms, and at
    /// 2560×1440 from 23 to 18 ms (`make displays`, scripts/displays.sh).
    private static func widenSoftwareRasterizer() {
        guard getenv("LP_NUM_THREADS") == nil else { return }
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        setenv("LP_NUM_THREADS", String(min(16, max(8, cores))), 0)
    }

    /// Why the driver SDL settled on shows no window, or nil. When X11 and Wayland both fail
    /// (`DISPLAY=:99` with no server there), SDL falls back to its offscreen or dummy driver and
    /// the run goes on unseen; unless the user asked for that driver by `SDL_VIDEODRIVER`, it is
    /// an error naming the display.
    private static func invisibleDriverProblem() -> String? {
        guard let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }),
              driver == "offscreen" || driver == "dummy", requestedDriver == nil else { return nil }
        return "cannot open the display \(displayNames) (nothing answers there); use --headless to render offscreen"
    }

    /// The driver `SDL_VIDEODRIVER` asks for, or nil when it is unset or empty: SDL ignores an
    /// empty one and probes as usual, so it must not pass for a choice of the dummy driver (issue
    /// 37: `SDL_VIDEODRIVER=` with a dead `DISPLAY` ran unseen and exited 0).
    private static var requestedDriver: String? {
        getenv("SDL_VIDEODRIVER").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The displays the environment names, for messages: "DISPLAY=:99 or WAYLAND_DISPLAY=wayland-0".
    private static var displayNames: String {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : "\(name)=\($0)" } }
        // SDL_VIDEODRIVER, when set, chose the driver: it is named first.
        let names = [variable("SDL_VIDEODRIVER"), variable("DISPLAY"), variable("WAYLAND_DISPLAY")].compactMap { $0 }
        return names.isEmpty ? "(none named)" : names.joined(separator: " or ")
    }

    /// Shuts SDL_image, SDL_ttf and SDL down (in that order). Every texture, font, renderer and
    /// window must already be released: ``SDLSession/close()`` closes its targets first.
    public static func quit() {
        sdlGlobalState.withLock { _ in
            IMG_Quit()
            while TTF_WasInit() > 0 { TTF_Quit() }
            SDL_Quit()
        }
    }

    /// The video driver SDL chose ("x11", "wayland", "dummy"), or nil before ``start(_:)``.
    public static var videoDriver: String? {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) }
    }

    /// Makes SIGHUP (the terminal closed) and SIGQUIT (Ctrl+\\) end the run as SIGTERM does:
    /// each is turned into SIGTERM, which SDL (once started) turns into a quit request, so the
    /// run writes its dump, statistics and recording and exits 0. (SIGQUIT would otherwise print
    /// a crash report and leave the run going.) Only `raise` runs in the handler: it is
    /// async-signal-safe.
    public static func endRunOnHangupAndQuit() {
        for s in [SIGHUP, SIGQUIT] { signal(s) { _ in raise(SIGTERM) } }
    }

    /// Whether SDL has a quit request pending (SIGINT or SIGTERM, which SDL turns into `SDL_QUIT`,
    /// or a closed window), without taking it off the queue. For loops that do not poll events,
    /// such as a headless run.
    public static func quitRequested() -> Bool {
        SDL_PumpEvents()
        return SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_QUIT.rawValue, SDL_QUIT.rawValue) > 0
    }

    /// Forgets a pending quit request, so ``quitRequested()`` reports only a newer one (a
    /// second SIGTERM while the run finishes its outputs).
    public static func clearQuitRequest() {
        SDL_PumpEvents()
        SDL_FlushEvent(SDL_QUIT.rawValue)
    }

    /// Seconds since SDL started on the clock SDL stamps its events with (`SDL_GetTicks`,
    /// millisecond resolution); the app reads it once, at its first frame, to put event
    /// timestamps on its own clock.
    public static func eventSeconds() -> Double {
        Double(SDL_GetTicks()) / 1000
    }

    /// Seconds since SDL started, from SDL's high-resolution counter (the app's only wall clock).
    public static func seconds() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// The CPU time this process has used, all its threads (Mesa's llvmpipe rasterizer among
    /// them), seconds: time a present spends working rather than waiting for the display.
    public static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

extension SDLSystem {
    /// Sleeps the calling thread for about `seconds` (the app's frame limiter when vsync does not pace it).
    /// Makes the calling thread's sleeps end within a few microseconds of when they are asked
    /// to (a frame limiter at 144 Hz has 6.9 ms a frame; Linux's default slack is 50 µs).
    public static func preciseSleeps() {
        _ = kinetic_set_timer_slack(1_000)
    }

    public static func delay(_ seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        // Microseconds, not SDL_Delay's whole milliseconds: at 144 Hz a frame is 6.94 ms.
        var request = timespec(tv_sec: Int(saturating: seconds), tv_nsec: Int(saturating: (seconds - seconds.rounded(.down)) * 1e9))
        _ = nanosleep(&request, nil)
    }
}
