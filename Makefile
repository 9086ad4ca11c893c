# rolo — two commands do everything on a fresh machine:
#   make run    installs what is missing, builds, opens rolo on the built-in stand-in server
#   make test   the same set-up, then every test
SWIFT      ?= swift
BUILD_DIR  ?= .build
CONFIG     ?= debug
ROLO        = $(BUILD_DIR)/$(CONFIG)/rolo

# libcurl's headers sit under Debian's multiarch directory (x86_64-linux-gnu, aarch64-linux-gnu)
MULTIARCH  := $(shell uname -m)-linux-gnu

# The one release build that dist, deb, install, check-dist and bench share: the Swift runtime
# linked in statically, so the binary runs on a box without a Swift toolchain. libcurl is not
# linked: rolo loads it with dlopen when the first request needs it (Sources/CCurl), which keeps
# it and its ~30 libraries off the start. FoundationNetworking (imported by FlyingFox, the
# stand-in's server) would still ask the linker for -lcurl, so every module is compiled without
# that autolink entry; Sources/CCurl defines the curl functions FoundationNetworking calls.
# MAINTAINER and HOMEPAGE fill the .deb's control file.
RELEASE_DIR ?= .build-release
NO_CURL_LINK = -Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc curl
# --disable-local-rpath: with $ORIGIN in the binary's run path the loader first looks for each
# library in a dozen folders beside the binary (glibc-hwcaps/x86-64-v3, tls, ...): ~120 failed
# opens on every start, for libraries that are never there.
# LINK_PIE: a position-dependent executable by default. A PIE's loader applies 102,000 relative
# relocations to it at every start and copies the 321 pages they land on: 2 ms of a 15 ms first
# frame, spent before main. The price is that the executable's own code and data load at a fixed
# address (the libraries, heap and stack are still randomised), as fzf's Debian build does.
# `make release LINK_PIE=-pie` builds a PIE instead.
LINK_PIE   ?= -no-pie
# Concrete generic types (a Dictionary of String to Setting, GRDB's and JSONDecoder's containers)
# are reached through their metadata accessors, not by mangled name: the runtime demangles each
# such name at its first use and scans the binary's 7,300 protocol conformance records for its
# requirements, 1.8 ms of the main thread's 4.3 before the first frame. A little more code.
DIRECT_METADATA = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# STATIC_CXX: libstdc++ and libgcc linked in, not loaded: as shared libraries they cost every
# start 0.8 ms before main (mapping, relocating and binding libstdc++.so and libgcc_s; nothing
# else rolo loads uses them, libcurl's and the image libraries' dependencies being C). The
# toolchain's link line asks for -lstdc++, which the linker takes from the first -L folder that
# has it: a folder holding only gcc's libstdc++.a, named first, makes it the static one.
STATIC_CXX_DIR = $(RELEASE_DIR)/static-c++
STATIC_CXX  = -Xswiftc -L$(abspath $(STATIC_CXX_DIR)) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
CLANG       = $(dir $(realpath $(shell command -v $(SWIFT))))clang
RELEASE     = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath $(NO_CURL_LINK) -Xlinker $(LINK_PIE) $(DIRECT_METADATA) $(STATIC_CXX) --scratch-path $(RELEASE_DIR)
RELEASE_BIN = $(RELEASE_DIR)/release/rolo
VERSION    := $(shell cat VERSION)
DIST_NAME   = rolo-$(VERSION)-linux-$(shell uname -m)
PREFIX     ?= /usr/local
DESTDIR    ?=
MAINTAINER ?= rolo maintainers <rolo@localhost>
HOMEPAGE   ?= https://rolo.invalid/
INSTALLED   = bin/rolo share/man/man1/rolo.1 share/bash-completion/completions/rolo \
              share/zsh/site-functions/_rolo share/fish/vendor_completions.d/rolo.fish \
              share/doc/rolo/README.md

# header, tool or library -> the Debian package that owns it (scripts/check-test-needs.py holds
# the tests to this list): python3-minimal owns the interpreter, python3 (marked by its pydoc3)
# the standard library the scripts import, python3-venv (whose one file is that doc link) the venv
# module's ensurepip for the tests' OAuth server; the libraries are what rolo loads at run time, which
# the -dev packages bring but needn't keep
DEPS = /usr/include/ncurses.h:libncurses-dev \
       /usr/include/$(MULTIARCH)/curl/curl.h:libcurl4-openssl-dev \
       /usr/include/jpeglib.h:libjpeg-dev \
       /usr/include/png.h:libpng-dev \
       /usr/include/sqlite3.h:libsqlite3-dev \
       /usr/bin/pkg-config:pkg-config \
       /usr/bin/tmux:tmux \
       /usr/bin/infocmp:ncurses-bin \
       /usr/share/terminfo/x/xterm-direct:ncurses-term \
       /usr/share/terminfo/x/xterm-kitty:kitty-terminfo \
       /usr/bin/chafa:chafa \
       /usr/bin/sixel2png:libsixel-bin \
       /usr/bin/python3:python3-minimal \
       /usr/bin/pydoc3:python3 \
       /usr/share/doc/python3-venv:python3-venv \
       /usr/lib/$(MULTIARCH)/libcurl.so.4:libcurl4 \
       /usr/lib/$(MULTIARCH)/libjpeg.so.62:libjpeg62-turbo \
       /usr/lib/$(MULTIARCH)/libpng16.so.16:libpng16-16 \
       /usr/lib/$(MULTIARCH)/libncursesw.so.6:libncursesw6 \
       /usr/lib/$(MULTIARCH)/libsqlite3.so.0:libsqlite3-0
# what make check-dist needs besides: packaging tools, the shells whose completions it checks,
# objdump to read the glibc versions the binary needs, man to render the page, and an sshd for
# the end-to-end test over ssh
DIST_DEPS = /usr/bin/dpkg-shlibdeps:dpkg-dev \
       /usr/bin/objdump:binutils \
       /usr/bin/man:man-db \
       /usr/bin/zsh:zsh \
       /usr/bin/fish:fish \
       /usr/sbin/sshd:openssh-server \
       /usr/bin/ssh:openssh-client \
       /usr/bin/unshare:util-linux
# what make check-terminals needs besides: an X server without a screen, the two real
# terminals it drives (XTerm with sixel, kitty with its graphics protocol), ImageMagick's
# import for the screenshots and xdotool for the keys
TERMINAL_DEPS = /usr/bin/Xvfb:xvfb \
       /usr/bin/xterm:xterm \
       /usr/bin/kitty:kitty \
       /usr/bin/import:imagemagick \
       /usr/bin/xdotool:xdotool
# only make bench needs these: rolo's start-up is measured beside theirs
BENCH_DEPS = /usr/bin/tig:tig \
       /usr/bin/fzf:fzf

.PHONY: all run demo build test test-unit test-e2e check-test-needs oauth-server-venv deps dist-deps bench-deps terminal-deps check-terminals clean bench release dist deb install uninstall check-dist fuzz

all: build

deps: DEPS_WANTED = $(DEPS)
dist-deps: DEPS_WANTED = $(DEPS) $(DIST_DEPS)
bench-deps: DEPS_WANTED = $(DEPS) $(BENCH_DEPS)
terminal-deps: DEPS_WANTED = $(DEPS) $(TERMINAL_DEPS)
deps dist-deps bench-deps terminal-deps:
	@missing=""; \
	for pair in $(DEPS_WANTED); do \
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

# Before anything is built: every program, terminfo entry and library the tests take from the
# system is there, and comes from a package `make deps` installs (Tests/system-needs.txt).
check-test-needs: deps
	@python3 scripts/check-test-needs.py

# The end-to-end tests' OAuth 2.0 authorization server (Tests/OAuthServer: django-oauth-toolkit
# from PyPI) runs in a venv of its own, made with Debian's python3 (not one a user's PATH puts
# first) and made again only when the requirements change or python3 becomes another version:
# the stamp is named after both. The tests start $(OAUTH_VENV)/bin/python; `make run` needs none.
OAUTH_VENV   = $(BUILD_DIR)/oauth-venv
OAUTH_REQS   = Tests/OAuthServer/requirements.txt
OAUTH_STAMP  = $(OAUTH_VENV)/.installed-$(notdir $(realpath /usr/bin/python3))
oauth-server-venv: $(OAUTH_STAMP)
$(OAUTH_STAMP): $(OAUTH_REQS) | deps
	@echo "make oauth-server-venv: $(OAUTH_VENV) from $(OAUTH_REQS)"
	@rm -rf $(OAUTH_VENV)
	@env -u PYTHONPATH -u PYTHONHOME /usr/bin/python3 -m venv $(OAUTH_VENV) || \
		{ echo "make oauth-server-venv: /usr/bin/python3 -m venv failed (Debian: apt-get install python3-venv)"; exit 1; }
	@env -u PYTHONPATH -u PYTHONHOME PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 \
		$(OAUTH_VENV)/bin/python -m pip install --quiet -r $(OAUTH_REQS) || \
		{ rm -rf $(OAUTH_VENV); echo "make oauth-server-venv: pip could not install $(OAUTH_REQS)"; exit 1; }
	@touch $@

# The tests' stores, caches and idle files go to a TMPDIR of this run's own, removed afterwards
# whether they pass or not: nothing of theirs is left in /tmp run after run.
# make test-unit: every layer but the real binary (logic, view-models, screens as text, the
# stand-in); make test-e2e: the real binary in tmux over HTTP; make test: both, as CI runs them.
TEST_SELECT =
test-unit: TEST_SELECT = --skip '^EndToEndTests\.'
test-e2e: TEST_SELECT = --filter '^EndToEndTests\.'
test test-unit test-e2e: check-test-needs build oauth-server-venv
	@scratch=$$(mktemp -d -t rolo-test.XXXXXX) && echo "TMPDIR=$$scratch $(SWIFT) test $(TEST_SELECT)" && \
		TMPDIR=$$scratch $(SWIFT) test $(TEST_SELECT); status=$$?; rm -rf "$$scratch"; exit $$status

# One release build (slow the first time: ~15 min on 2 cores), then every benchmark:
# rolo's image decode + render against chafa's; the pipedrive source at 100,000 persons against
# 100 (load persons/s, first frame, End, a filter); and through a pty the time to the first
# frame with data, the bytes one ↓ writes, and pipedrive's launch and peak memory at 100,000;
# pictures by protocol through a pty that answers as kitty, XTerm, WezTerm or nothing (bytes per
# ↓ onto a photo and back, start → the photo final);
# then HTTP: stand-in image loads per second, and rolo's CPU time while it waits for an answer;
# then launch → first frame beside tig and fzf; then people, foods and the directory at 200,000
# records (decode MB/s, answer → first frame, End, a search keystroke, peak memory, q while
# reading) and a 100 KB field, in-process and through a pty; last, a configured source's store
# at 100,000 records (insert, open, End, a search keystroke). MILLION=1 adds a configured source
# of 1,000,000 records: its store in-process, then the app through tmux (relaunch → first frame,
# End, a keystroke, peak memory) beside VisiData (from PyPI, in a venv of the bench's own).
bench: bench-deps release
	$(RELEASE) --product rolo-bench
	$(RELEASE) --product rolo-pipedrive-bench
	$(RELEASE) --product rolo-http-bench
	$(RELEASE) --product rolo-load-bench
	$(RELEASE) --product rolo-engine-bench
	$(RELEASE_DIR)/release/rolo-bench
	$(RELEASE_DIR)/release/rolo-pipedrive-bench 100000
	python3 scripts/measure-terminal.py $(RELEASE_BIN) 9
	python3 scripts/measure-pictures.py $(RELEASE_BIN) 5
	$(RELEASE_DIR)/release/rolo-http-bench 400
	python3 scripts/measure-http.py $(RELEASE_BIN) 3
	python3 scripts/measure-startup.py $(RELEASE_BIN) 15
	$(RELEASE_DIR)/release/rolo-load-bench 200000 5
	python3 scripts/measure-load.py $(RELEASE_BIN) 5 200000
	$(RELEASE_DIR)/release/rolo-engine-bench 100000 3
	@if [ -n "$(MILLION)" ]; then \
	  echo "A configured source of 1,000,000 records (make bench MILLION=1; several minutes):"; \
	  $(RELEASE_DIR)/release/rolo-engine-bench 1000000 1 && \
	  python3 scripts/measure-scale.py $(RELEASE_BIN) 3 1000000 && \
	  python3 scripts/measure-sorted.py $(RELEASE_BIN) 1000000 3; \
	fi

# The release binary (incremental after the first, slow, build).
release: deps $(STATIC_CXX_DIR)/libstdc++.a
	$(RELEASE) --product rolo

$(STATIC_CXX_DIR)/libstdc++.a:
	@archive=$$($(CLANG) -print-file-name=libstdc++.a); \
	[ -f "$$archive" ] || { echo "make release: $(CLANG) finds no libstdc++.a (Debian: apt-get install libstdc++-12-dev)"; exit 1; }; \
	mkdir -p $(STATIC_CXX_DIR) && ln -sf "$$archive" $@

# dist/rolo-VERSION-linux-ARCH.tar.gz: the release tree in one folder, to untar into a prefix.
dist: release
	rm -rf dist/$(DIST_NAME)
	scripts/stage-release.sh $(RELEASE_BIN) dist/$(DIST_NAME) $(VERSION)
	tar -C dist --sort=name --owner=0 --group=0 --numeric-owner -czf dist/$(DIST_NAME).tar.gz $(DIST_NAME)
	rm -rf dist/$(DIST_NAME)
	@ls -l dist/$(DIST_NAME).tar.gz

# dist/rolo_VERSION_ARCH.deb: the same tree under /usr; `apt install ./rolo_….deb` on a box.
deb: dist-deps release
	MAINTAINER='$(MAINTAINER)' HOMEPAGE='$(HOMEPAGE)' scripts/build-deb.sh $(RELEASE_BIN) $(VERSION) dist

install: release
	scripts/stage-release.sh $(RELEASE_BIN) $(DESTDIR)$(PREFIX) $(VERSION)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	-rmdir $(DESTDIR)$(PREFIX)/share/doc/rolo 2>/dev/null

# rolo's photo in real terminals under Xvfb: XTerm -ti vt340 (sixel) and kitty (its graphics
# protocol, software GL), screenshots compared with the stand-in's photo by PSNR.
check-terminals: terminal-deps build
	python3 scripts/check-terminals.py $(ROLO)

# Both packages built, then checked as a box without Swift would see them (see the script).
check-dist: dist-deps dist deb
	python3 scripts/check-dist.py --version $(VERSION) --tarball dist/$(DIST_NAME).tar.gz \
	    --deb dist/rolo_$(VERSION)_$$(dpkg --print-architecture).deb --dynamic $(ROLO)

# Every decoder under fuzz for MINUTES in all: libFuzzer with AddressSanitizer (its own build in
# .build/fuzz), else the test suite's mutator; crashing inputs land in .build/fuzz/findings/.
MINUTES ?= 10
fuzz: deps
	SWIFT=$(SWIFT) MINUTES=$(MINUTES) scripts/fuzz.sh

clean:
	rm -rf $(BUILD_DIR) $(RELEASE_DIR) dist
