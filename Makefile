# gestured: the two commands are `make run` and `make test`; both install what is missing first.
SWIFT        ?= swift
PREFIX       ?= /usr/local
DESTDIR      ?=
SETUP        := packaging/setup
RELEASE_BIN  := .build/release/gestured
export GESTURED_TESTDATA ?= $(abspath ../shared/data)

.PHONY: all setup setup-test build release run test bench install uninstall clean

all: build

setup:
	@$(SETUP)

setup-test:
	@$(SETUP) --test

build: setup
	$(SWIFT) build

# The release binary carries the Swift runtime and Foundation (--static-swift-stdlib), so an
# installed gestured does not depend on the toolchain that built it.
release: setup
	$(SWIFT) build -c release --static-swift-stdlib --product gestured

## run: build (release) and run the agent on the default camera with the default rules.
run: release
	$(RELEASE_BIN) run

## test: every test; the ones that need X run under a private Xvfb server.
test: setup-test
	$(SWIFT) build --build-tests
	xvfb-run --auto-servernum --server-args="-screen 0 1280x720x24 -nolisten tcp -noreset" \
	  $(SWIFT) test --skip-build

## bench: release build, then gestured and MediaPipe Hands (in a venv of its own) side by side
## on the shared clips: CPU and wall time per frame, memory, and frame-to-key latency (Xvfb);
## once as recorded (640x360), once padded to 640x480.
BENCH = xvfb-run --auto-servernum --server-args="-screen 0 1280x720x24 -nolisten tcp -noreset" \
  $(RELEASE_BIN) bench --source $(GESTURED_TESTDATA)/clips \
  --mediapipe .build/mediapipe-venv/bin/python --mediapipe-script packaging/mediapipe_bench.py

bench: release
	@$(SETUP) --bench
	$(BENCH)
	$(BENCH) --pad-to 640x480

## install: the binary, runtime data, rules, systemd user unit, autostart entry and man page
## under $(PREFIX) (staged under $(DESTDIR) when set); uninstall removes exactly those.
install: release
	packaging/install --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --binary "$(RELEASE_BIN)"

uninstall:
	packaging/install --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --uninstall

clean:
	rm -rf .build
