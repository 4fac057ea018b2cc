# Kinetic: the two commands of the README, plus the real-window check and the benchmark.
#   make run    install SDL2 if missing, build (release) and open the lab window
#   make test   install SDL2 if missing, build and run every test
#   make e2e    run the app in a real X window under Xvfb and drive it with xdotool
#   make bench  time physics, layout and frames (release build)
#   make bench-box2d  the same physics scenario in Box2D 2.4.1, for comparison

SWIFT     ?= swift
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SDL_PKGS  := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev pkg-config fonts-dejavu-core
E2E_PKGS  := xvfb xauth xdotool imagemagick
ARGS      ?=

.PHONY: run test e2e bench bench-box2d deps e2e-deps build clean

run: deps
	$(SWIFT) run -c release kinetic $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

e2e: deps e2e-deps
	$(SWIFT) build
	bash scripts/e2e.sh .build/debug/kinetic

bench: deps
	$(SWIFT) run -c release kinetic bench all

bench-box2d:
	@dpkg -s libbox2d-dev >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libbox2d-dev g++; }
	mkdir -p .build
	g++ -O2 -o .build/box2d_baseline bench/box2d_baseline.cpp -lbox2d
	.build/box2d_baseline

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
	     || ! command -v xauth >/dev/null; then \
	  echo "Installing the real-window test tools: $(E2E_PKGS)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(E2E_PKGS); \
	fi

clean:
	rm -rf .build
