# Kinetic: the two commands of the README, plus the real-window check and the benchmark.
#   make run    install SDL2 if missing, build (release) and open the lab window
#   make test   install SDL2 if missing, build and run every test
#   make e2e    run the app in a real X window under Xvfb and drive it with xdotool, then `displays`
#   make displays  frame rate and latency per scene at 2560x1440, at --scale 2, at 144 Hz and at 60 Hz
#   make fuzz   drive every scene with random input from a release build (FUZZ_EVENTS, FUZZ_SEED)
#   make bench  time physics, layout, frames and start-up (release build), run the Box2D 2.4.1
#               baseline of the physics and collision scenarios in the same run and print Box2D / Kinetic,
#               then PILE_ROUNDS (5) rounds of the collision pile, the two engines back to back, and
#               whether 41 piles fall asleep within 5 s of landing (kinetic bench piles)
#   make bench-box2d  the Box2D baseline alone
#   make depend-check  build and run a new package that depends on KineticCore by version
#               (a tagged clone of HEAD): the library must carry no unsafe flags

SWIFT     ?= swift
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SDL_PKGS  := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev pkg-config fonts-dejavu-core
E2E_PKGS  := xvfb xauth xdotool imagemagick ffmpeg
ARGS      ?=
# Package.swift compiles Drawing's pixel loops with -O in debug builds only when this is set:
# an unsafe flag, so it must stay out of the manifest a package depending on Kinetic sees.
export KINETIC_OPTIMIZED_DEBUG := 1
# Release builds are compiled for the host's CPU class, as `-march=native` would be, where it has
# Haswell's instructions (AVX2, FMA, BMI2, MOVBE, LZCNT, F16C): a contact block's four lanes of
# doubles then fit one register, and the collision pile costs 6-10 % less, with the same results
# bit for bit (Swift never fuses a multiply and an add on its own). Such a binary stops with an
# illegal instruction on an older CPU: KINETIC_CPU=generic builds for any x86-64, and any other
# LLVM CPU name is passed on. Debug builds (make test, make e2e) are always generic.
KINETIC_CPU ?= $(shell sh scripts/cpu-class.sh)
# Rounds of the collision pile in `make bench`, each a run of both engines back to back.
PILE_ROUNDS ?= 5
CPU_FLAGS := $(if $(filter-out generic,$(KINETIC_CPU)),-Xswiftc -target-cpu -Xswiftc $(KINETIC_CPU))

.PHONY: run test e2e displays fuzz bench bench-box2d box2d-deps deps e2e-deps build clean depend-check

run: deps
	$(SWIFT) run -c release $(CPU_FLAGS) kinetic $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

e2e: deps e2e-deps
	$(SWIFT) build
	bash scripts/e2e.sh .build/debug/kinetic
	$(if $(SKIP_DISPLAYS),,$(MAKE) displays)

# Frame rate, work and latency per scene in real windows on big and fast displays (issue 26):
# 2560x1440, 1280x720 at --scale 2, and 1280x800 at --refresh 144 (release build; prints only).
displays: deps e2e-deps
	$(SWIFT) build -c release $(CPU_FLAGS) --product kinetic
	bash scripts/displays.sh .build/release/kinetic || echo "displays: a run did not finish; the figures above are incomplete"

# The headless fuzzer (issue 16): every scene under random input with its invariants checked
# after every event, from a release build (a debug build manages about 1000 events a second), in
# two jobs (seeds FUZZ_SEED and FUZZ_SEED + 1; a new seed each run when unset, printed with the
# command that replays a failure); the fuzzed events include pastes of generated code. Then every
# scene at the corners of its parameter ranges (issue 37: a corner's p99 frame within 2x the
# defaults'; about 70 s of CPU); and each example scene file (Assets/scenes) for 10,000 events.
FUZZ_EVENTS ?= 200000
FUZZ_SEED   ?=
fuzz: deps
	$(SWIFT) build -c release $(CPU_FLAGS) --product kinetic
	.build/release/kinetic fuzz --events $(FUZZ_EVENTS) --jobs 2 $(if $(FUZZ_SEED),--seed $(FUZZ_SEED))
	for f in Assets/scenes/*.json; do .build/release/kinetic fuzz --events 10000 --scene $$f $(if $(FUZZ_SEED),--seed $(FUZZ_SEED)) || exit 1; done
	.build/release/kinetic bench corners

# Box2D's baseline and Kinetic's `bench all --json` (physics first, right after Box2D) write one
# flat JSON object each (one key per line) into .build/bench/; the ratios Box2D / Kinetic per
# item-step come from those two files, and so does the collision pile's table: both engines with
# sleeping on and off, side by side (issue 43). Then whether 41 piles fall asleep (`bench piles`).
bench: deps box2d-deps
	$(SWIFT) build -c release $(CPU_FLAGS) --product kinetic
	mkdir -p .build/bench
	g++ -O2 -o .build/box2d_baseline bench/box2d_baseline.cpp -lbox2d
	.build/box2d_baseline --json > .build/bench/box2d.json
	.build/release/kinetic bench all --json > .build/bench/kinetic.json
	@cat .build/bench/kinetic.json .build/bench/box2d.json
	@awk -F'[":, ]+' '/":/ { v[$$2] = $$3 } END { \
	  printf "Box2D / Kinetic per item-step, all moving (steps 1-60):  %.1f / %.1f ns = %.1fx\n", \
	    v["box2d_ns_per_item_step"], v["physics_ns_per_item_step"], v["box2d_ns_per_item_step"] / v["physics_ns_per_item_step"]; \
	  printf "Box2D / Kinetic per item-step, settling (steps 1-600):   %.1f / %.1f ns = %.1fx\n", \
	    v["box2d_settling_ns_per_item_step"], v["physics_settling_ns_per_item_step"], \
	    v["box2d_settling_ns_per_item_step"] / v["physics_settling_ns_per_item_step"]; \
	  print "Collision pile, 500 pieces, 600 steps of 1/60 s (kinetic bench collision, Box2D alike):"; \
	  printf "  %-32s %21s    %21s\n", "", "sleeping on", "sleeping off"; \
	  row("", "Box2D 2.4.1", "Kinetic", "Box2D 2.4.1", "Kinetic"); \
	  row("ns per item-step", f1("box2d_collision_ns_per_item_step"), f1("collision_ns_per_item_step"), \
	    f1("box2d_collision_nosleep_ns_per_item_step"), f1("collision_nosleep_ns_per_item_step")); \
	  row("Box2D / Kinetic", "", ratio("collision_ns_per_item_step"), "", ratio("collision_nosleep_ns_per_item_step")); \
	  row("awake after step 600", v["box2d_collision_awake_after_600_steps"], v["collision_awake_after_600_steps"], \
	    v["box2d_collision_nosleep_awake_after_600_steps"], v["collision_nosleep_awake_after_600_steps"]); \
	  row("pile height, pt", f1("box2d_collision_pile_height"), f1("collision_pile_height"), \
	    f1("box2d_collision_nosleep_pile_height"), f1("collision_nosleep_pile_height")); \
	  row("landed at step (2% of final)", v["box2d_collision_landed_step"], v["collision_landed_step"], "-", "-"); \
	  row("all asleep after step (0: never)", v["box2d_collision_all_asleep_step"], v["collision_all_asleep_step"], "-", "-"); \
	  row("mean ns, 21 piles of 400-600", f1("box2d_collision_piles_mean_ns_per_item_step"), f1("collision_piles_mean_ns_per_item_step"), "-", "-"); \
	  row("Box2D / Kinetic, 21 piles", "", ratio("collision_piles_mean_ns_per_item_step"), "", ""); \
	  row("piles not all asleep at 600", v["box2d_collision_piles_not_asleep"], v["collision_piles_not_asleep"], "-", "-") } \
	  function f1(k) { return k in v ? sprintf("%.1f", v[k]) : "?" } \
	  function ratio(k) { return v[k] > 0 ? sprintf("%.2fx", v["box2d_" k] / v[k]) : "?" } \
	  function row(label, a, b, c, d) { printf "  %-32s %11s %9s    %11s %9s\n", label, a, b, c, d }' \
	  .build/bench/kinetic.json .build/bench/box2d.json
	@echo "Kinetic built for CPU: $(if $(CPU_FLAGS),$(KINETIC_CPU),generic x86-64) (KINETIC_CPU); Box2D 2.4.1 as Debian builds it (generic x86-64)"
	@echo "Collision pile back to back: $(PILE_ROUNDS) rounds of one run per engine and mode (box2d_baseline --pile, kinetic bench pile; Box2D first in odd rounds):"
	@rm -f .build/bench/pile-rounds.txt; for r in $$(seq 1 $(PILE_ROUNDS)); do \
	  b=.build/bench/pile-box2d.json; k=.build/bench/pile-kinetic.json; \
	  if [ $$((r % 2)) = 1 ]; then .build/box2d_baseline --pile --json > $$b && .build/release/kinetic bench pile --json > $$k || exit 1; \
	  else .build/release/kinetic bench pile --json > $$k && .build/box2d_baseline --pile --json > $$b || exit 1; fi; \
	  awk -v r=$$r -F'[":, ]+' '/":/ { v[$$2] = $$3 } END { \
	    printf "  round %d: sleeping on %7.1f / %5.1f ns = %6.2fx    sleeping off %7.1f / %5.1f ns = %5.2fx\n", r, \
	      v["box2d_pile_ns_per_item_step"], v["pile_ns_per_item_step"], v["box2d_pile_ns_per_item_step"] / v["pile_ns_per_item_step"], \
	      v["box2d_pile_nosleep_ns_per_item_step"], v["pile_nosleep_ns_per_item_step"], \
	      v["box2d_pile_nosleep_ns_per_item_step"] / v["pile_nosleep_ns_per_item_step"] }' $$b $$k | tee -a .build/bench/pile-rounds.txt; \
	done
	@awk '{ on[NR] = $$10; off[NR] = $$18 } END { \
	  printf "  Box2D / Kinetic, median of %d rounds: sleeping on %.2fx (%.2f-%.2f), sleeping off %.2fx (%.2f-%.2f)\n", \
	    NR, median(on, NR), lo(on, NR), hi(on, NR), median(off, NR), lo(off, NR), hi(off, NR) } \
	  function sorted(a, n, s,   i, j, t) { for (i = 1; i <= n; i++) s[i] = a[i] + 0; \
	    for (i = 2; i <= n; i++) for (j = i; j > 1 && s[j - 1] > s[j]; j--) { t = s[j]; s[j] = s[j - 1]; s[j - 1] = t } } \
	  function median(a, n,   s) { sorted(a, n, s); return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2 } \
	  function lo(a, n,   s) { sorted(a, n, s); return s[1] } \
	  function hi(a, n,   s) { sorted(a, n, s); return s[n] }' .build/bench/pile-rounds.txt
	@echo "Piles settling, 41 piles of 400-600 pieces (kinetic bench piles, nothing timed):"
	@.build/release/kinetic bench piles

bench-box2d: box2d-deps
	mkdir -p .build
	g++ -O2 -o .build/box2d_baseline bench/box2d_baseline.cpp -lbox2d
	.build/box2d_baseline

# Box2D 2.4.1 and a C++ compiler for the baseline: installed with apt-get only when missing.
box2d-deps:
	@if ! dpkg -s libbox2d-dev >/dev/null 2>&1 || ! command -v g++ >/dev/null; then \
	  echo "Installing the Box2D baseline's packages: libbox2d-dev g++"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libbox2d-dev g++; \
	fi

# A package that depends on KineticCore and KineticLabUI with `from: "1.0.0"` (a clone of HEAD tagged 1.0.0) resolves,
# builds, steps a DynamicAnimator and draws a HUD; SwiftPM refuses a version dependency with unsafe flags.
# The variable is unset so the manifest shows what a dependent package sees.
depend-check:
	env -u KINETIC_OPTIMIZED_DEBUG bash scripts/depend-by-version.sh

build: deps
	$(SWIFT) build

# SDL2, SDL2_ttf and SDL2_image: installed with apt-get only when pkg-config cannot find them.
deps:
	@if ! pkg-config --exists sdl2 SDL2_ttf SDL2_image 2>/dev/null; then \
	  echo "Installing SDL2 development packages: $(SDL_PKGS)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(SDL_PKGS); \
	fi

e2e-deps:
	@if ! command -v xvfb-run >/dev/null || ! command -v xdotool >/dev/null || ! command -v import >/dev/null \
	     || ! command -v xauth >/dev/null || ! command -v ffmpeg >/dev/null; then \
	  echo "Installing the real-window test tools: $(E2E_PKGS)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(E2E_PKGS); \
	fi

clean:
	rm -rf .build
