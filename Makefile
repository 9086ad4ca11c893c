# rolo — two commands do everything on a fresh machine:
#   make run    installs what is missing, builds, opens rolo on the built-in stand-in server
#   make test   the same set-up, then every test
SWIFT      ?= swift
BUILD_DIR  ?= .build
CONFIG     ?= debug
ROLO        = $(BUILD_DIR)/$(CONFIG)/rolo

# header or tool -> Debian package that provides it
DEPS = /usr/include/ncurses.h:libncurses-dev \
       /usr/include/jpeglib.h:libjpeg-dev \
       /usr/include/png.h:libpng-dev \
       /usr/include/sqlite3.h:libsqlite3-dev \
       /usr/bin/pkg-config:pkg-config \
       /usr/bin/tmux:tmux \
       /usr/bin/infocmp:ncurses-bin \
       /usr/share/terminfo/x/xterm-direct:ncurses-term \
       /usr/bin/chafa:chafa

.PHONY: all run demo build test deps clean bench

all: build

deps:
	@missing=""; \
	for pair in $(DEPS); do \
	  file=$${pair%%:*}; pkg=$${pair##*:}; \
	  [ -e "$$file" ] || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "make deps: swift is not on PATH (https://swift.org/install)"; exit 1; }

build: deps
	$(SWIFT) build -c $(CONFIG)

run: build
	$(ROLO) --demo $(ARGS)

test: build
	$(SWIFT) test

# One release build (slow the first time: ~15 min on 2 cores), then every benchmark:
# rolo's image decode + render against chafa's; the pipedrive source at 100,000 persons against
# 100 (load persons/s, first frame, End, a filter); and through a pty the time to the first
# frame with data, the bytes one ↓ writes, and pipedrive's launch and peak memory at 100,000;
# then people, foods and the directory at 200,000 records (decode MB/s, answer → first frame,
# End, a search keystroke, peak memory, q while reading) and a 100 KB field, in-process and
# through a pty.
bench: deps
	$(SWIFT) build -c release --product rolo-bench
	$(SWIFT) build -c release --product rolo-pipedrive-bench
	$(SWIFT) build -c release --product rolo-load-bench
	$(SWIFT) build -c release --product rolo
	$(BUILD_DIR)/release/rolo-bench
	$(BUILD_DIR)/release/rolo-pipedrive-bench 100000
	python3 scripts/measure-terminal.py $(BUILD_DIR)/release/rolo 9
	$(BUILD_DIR)/release/rolo-load-bench 200000 5
	python3 scripts/measure-load.py $(BUILD_DIR)/release/rolo 5 200000

clean:
	rm -rf $(BUILD_DIR)
