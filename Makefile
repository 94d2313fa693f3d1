# BidiRender's two set-up commands, `make demo` (the main job) and `make test` (the whole suite),
# each install the missing Debian packages and build. See README.md.

SWIFT ?= swift
# What the library builds and tests against: the C libraries through pkg-config, and Unicode's
# data files (the conformance tests and scripts/gen-unicode-tables.py read /usr/share/unicode); Pango is
# the tests' reference for carets, hit-testing and movement (Tests/CPangoReference); Debian's variable
# Inter (fonts-inter-variable) for the variable-font tests; Noto Sans CJK (fonts-noto-cjk), the system
# font fontconfig falls back to for CJK punctuation in the line-height tests; `time` (/usr/bin/time)
# reads the CLI's peak memory in LayoutMemoryCLITests.
APT_PACKAGES := pkg-config libfribidi-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev unicode-data \
                libharfbuzz-bin fonts-dejavu-core fonts-noto-color-emoji fonts-noto-cjk libpng-dev libpango1.0-dev fonts-inter-variable time
# What only `make bench` needs on top: the C libraries of the Pango (with Cairo) and raqm comparison
# baselines, and valgrind (callgrind counts the instructions of the reorder, shape and layout pairs).
BENCH_APT_PACKAGES := libpango1.0-dev libraqm-dev libcairo2-dev valgrind
BIN := .build/release/bidirender
SEED := 小明بدأ في متابعتك

.PHONY: deps build demo test unicode-tables fonts readme-image fuzz check-sanitizers check-leaks check-memory soak bench clean
.PHONY: docs check-docs install uninstall check-install deb check-deb check-client

N ?= 1000000

FUZZ_FLAGS := --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
              -Xcc -fsanitize=fuzzer-no-link

deps:
	@scripts/install-deps.sh $(APT_PACKAGES)

build: deps
	$(SWIFT) build -c release --product bidirender

## Installs under $(PREFIX) (default /usr/local; $(DESTDIR) before it for staging): the CLI in bin/,
## the embedded fonts in share/bidirender/Fonts (where the CLI finds them, beside bin/), a man page per
## command in share/man/man1 (swift-argument-parser's generate-manual) and bash, zsh and fish
## completions; the files written are listed in share/bidirender/installed-files for `make uninstall`,
## which removes exactly those and the folders install made.
PREFIX ?= /usr/local
MANUAL := .build/plugins/GenerateManual/outputs/bidirender
install: build
	$(SWIFT) package generate-manual --multi-page
	scripts/install.sh install "$(DESTDIR)$(PREFIX)" $(BIN) $(MANUAL)

uninstall:
	scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

## Examples/Client, a package of its own depending on this one by path as the README says, built
## (with nothing fetched: the CLI's trait off) and run: it lays out, renders and formats a message.
check-client: deps
	scripts/check-client.sh

## make install into a fresh folder, the installed CLI run on the seed string from a folder outside
## the checkout (fonts from the installation), then make uninstall, which must leave the folder empty.
check-install:
	scripts/check-install.sh

## The Debian package out/bidirender_VERSION_amd64.deb (scripts/make-deb.sh, dpkg-deb): the CLI with the
## Swift runtime linked in (--static-swift-stdlib, in its own build folder), stripped; the fonts, the
## man pages and the completions as install lays them out under /usr; Depends on the C libraries'
## Debian packages, Recommends fonts-noto-color-emoji.
deb: deps
	$(SWIFT) build -c release --product bidirender --static-swift-stdlib --scratch-path .build-static
	$(SWIFT) package generate-manual --multi-page
	@mkdir -p out
	scripts/make-deb.sh .build-static/release/bidirender $(MANUAL) out

## make deb, then the package unpacked with dpkg -x into a fresh folder: its control fields and files
## checked, its CLI run on the seed strings from outside the checkout (scripts/check-deb.sh).
check-deb:
	scripts/check-deb.sh

## The main job: build, then reorder the seed string under a forced RTL paragraph.
demo: build
	@echo "== bidirender reorder '$(SEED)' --direction rtl"
	@$(BIN) reorder '$(SEED)' --direction rtl
	@echo "== the same, as JSON with levels and the visual map"
	@$(BIN) reorder '$(SEED)' --direction rtl --format json
	@echo "== auto direction takes the first strong character (Chinese: LTR), which is the bug we avoid"
	@$(BIN) reorder '$(SEED)' --direction auto
	@echo "== layout of the @-mention seed in an Arabic UI: '@我, 今天天气好吗' stays one unit left of 'مرحبا'"
	@$(BIN) layout 'مرحبا@我, 今天天气好吗' --direction rtl --locale ar --size 20
	@echo "== font selection for the locale ar-EG, weight medium"
	@$(BIN) fonts --locale ar-EG --weight medium --text '$(SEED)'
	@echo "== rendering the seed strings to PNG and SVG in out/"
	@mkdir -p out
	@$(BIN) render '$(SEED)' --direction rtl --locale ar --size 32 -o out/follow-rtl.png
	@$(BIN) render '$(SEED)' --direction rtl --locale ar --size 32 -o out/follow-rtl.svg
	@$(BIN) render 'مرحبا@我, 今天天气好吗' --direction rtl --locale ar --size 32 -o out/mention-rtl.png
	@$(BIN) render 'مرحبا@我, 今天天气好吗' --direction rtl --locale ar --size 32 -o out/mention-rtl.svg
	@$(BIN) render 'مرحبا@我, 今天天气好吗 🥰 والعدد 2024' --direction rtl --locale ar-EG --digits locale --size 32 --width 300 --debug --scale 2 -o out/mention-debug.png
	@echo "== a localized message from Examples/catalog (ICU MessageFormat): the follow notification in Arabic, the name isolated"
	@$(BIN) format follow --catalog Examples/catalog --locale ar name=小明
	@$(BIN) format follow --catalog Examples/catalog --locale ar-EG name=小明 --format json
	@echo "== Arabic plurals by CLDR (0 zero, 1 one, 2 two, 3 few, 11 many, 100 other), digits by ICU; zh-Hans; a key ar lacks falls back to default"
	@for n in 0 1 2 3 11 100; do $(BIN) format unread --catalog Examples/catalog --locale ar count=$$n; done
	@$(BIN) format sent --catalog Examples/catalog --locale zh-Hans-CN name=@محمد count=3 --format json
	@$(BIN) format liked --catalog Examples/catalog --locale ar name=小明 --format json
	@$(BIN) format follow --catalog Examples/catalog --locale ar name=小明 --size 32 -o out/format-rtl.png --render
	@echo "== out/format-rtl.png: the message laid out right to left (Arabic served it), 小明 at the right end"
	@echo "== a composed follow card (Examples/compose/follow-card.json), LTR and RTL: the RTL canvas mirrored as AWERTL does"
	@$(BIN) compose Examples/compose/follow-card.json --direction ltr --scale 2 -o out/card-ltr.png
	@$(BIN) compose Examples/compose/follow-card.json --direction rtl --scale 2 -o out/card-rtl.png
	@$(BIN) compose Examples/compose/follow-card.json --direction rtl --scale 2 --debug -o out/card-rtl-debug.png
	@$(BIN) compose Examples/compose/follow-card.json --direction rtl --format json
	@echo "== a chat-list preview in an Arabic UI: the sender and the message each cut to its share, a spoiler masked"
	@$(BIN) preview --field sender=小明 --field 'message=الخاتمة: البطل كان يحلم طوال الوقت! شاهدته أمس مع سارة' --field-span message:9:34:spoiler=true --width 300 --locale ar --direction rtl --max-graphemes 40 --format text | grep -v '^line'
	@$(BIN) preview --field sender=小明 --field 'message=الخاتمة: البطل كان يحلم طوال الوقت! شاهدته أمس مع سارة' --field-span message:9:34:spoiler=true --width 300 --locale ar --direction rtl --size 20 -o out/preview-rtl.png
	@echo "== the images are in $(CURDIR)/out: follow-rtl.png/.svg, mention-rtl.png/.svg, mention-debug.png, preview-rtl.png"
	@echo "== and card-ltr.png, card-rtl.png, card-rtl-debug.png (frames outlined, mirrored content in magenta)"

## The layer check (scripts/check-layers.py: no folder uses one above it in Docs/Design.md's Layers),
## the size check (scripts/check-sizes.py: no file over 450 lines, no function over 80), the public
## surface check (scripts/check-surface.py: at most 300 public declarations), then the whole test
## suite, including Unicode's BidiTest.txt and BidiCharacterTest.txt.
test: deps
	python3 scripts/check-layers.py --self-test
	python3 scripts/check-layers.py
	python3 scripts/check-sizes.py --self-test
	python3 scripts/check-sizes.py
	python3 scripts/check-surface.py --self-test
	python3 scripts/check-surface.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	scripts/check-install.sh
	scripts/check-deb.sh
	scripts/check-client.sh

## Regenerates Sources/BidiRender/Unicode/UnicodeBidiTables.generated.swift from /usr/share/unicode
## (or UCD_DIR=... for a newer Unicode).
unicode-tables:
	python3 scripts/gen-unicode-tables.py $(or $(UCD_DIR),/usr/share/unicode)

## Regenerates the README's example image with the project's own command.
readme-image: build
	$(BIN) render 'مرحبا@我, 今天天气好吗' --direction rtl --locale ar --size 32 --no-system-fonts -o Docs/images/mention-rtl.png
	$(BIN) compose Examples/compose/follow-card.json --direction ltr --scale 2 --no-system-fonts -o Docs/images/card-ltr.png
	$(BIN) compose Examples/compose/follow-card.json --direction rtl --scale 2 --no-system-fonts -o Docs/images/card-rtl.png

## Fuzzes with libFuzzer and AddressSanitizer for FUZZ_SECONDS in all (default 1800, 30 minutes),
## each fuzzer for its equal share (SECONDS=N instead gives each N seconds): LayoutFuzzer (the whole
## pipeline, numbers from the input's bytes), BidiDiffFuzzer (native engine against the FriBidi engine
## against ICU's ubidi), ManifestFuzzer (the font manifest loader), SceneFuzzer (compose scenes parsed,
## resolved both ways and drawn), JSONLFuzzer (the library's --jsonl reader and requests), QueryFuzzer
## (`bidirender query`'s parser and answers, in the library), CatalogFuzzer (message catalogs and
## their arguments), BubbleFuzzer (bubbles and their requests) and PreviewFuzzer (previews of
## fields in templates), with inputs up to 64 KB from the start (-len_control=0). Every fuzzer links the
## library only (the CLI's wire format through @_spi(CLI)). Each is built alone (--product: building
## every product with the fuzzer flags would link the root package's executables too, which have a
## main of their own). Each corpus grows in Fuzz/.build/corpus-NAME from Fuzz/Seeds/NAME; a finding
## is written to Fuzz/crash-* (or leak-*, timeout-*) and fails the run.
FUZZERS := layout:LayoutFuzzer bidi:BidiDiffFuzzer manifest:ManifestFuzzer scene:SceneFuzzer jsonl:JSONLFuzzer query:QueryFuzzer catalog:CatalogFuzzer bubble:BubbleFuzzer preview:PreviewFuzzer
FUZZ_SECONDS ?= 1800
FUZZ_SHARE = $(or $(SECONDS),$(shell expr $(FUZZ_SECONDS) / $(words $(FUZZERS))))
fuzz: deps
	@set -e; for pair in $(FUZZERS); do \
	  (cd Fuzz && swift build $(FUZZ_FLAGS) --product $${pair##*:}); \
	done
	@set -e; for pair in $(FUZZERS); do \
	  name=$${pair%%:*}; fuzzer=$${pair##*:}; \
	  mkdir -p Fuzz/.build/corpus-$$name; \
	  echo "== $$fuzzer ($(FUZZ_SHARE) s)"; \
	  (cd Fuzz && SWIFT_BACKTRACE=enable=no .build/debug/$$fuzzer .build/corpus-$$name Seeds/$$name \
	    -max_total_time=$(FUZZ_SHARE) -timeout=30 -rss_limit_mb=4096 -max_len=65536 -len_control=0 -print_final_stats=1); \
	done

## The whole suite under ThreadSanitizer, then under AddressSanitizer (each in its own build folder).
check-sanitizers: deps
	SWIFT_BACKTRACE=enable=no $(SWIFT) test --sanitize=thread --scratch-path .build-tsan
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp \
	  $(SWIFT) test --sanitize=address --scratch-path .build-asan

## valgrind's leak check on the CLI laying out and rendering a corpus (DWARF 4, which valgrind 3.19
## reads). Fails on any definite leak; the suppressions cover only the Swift runtime's own caches.
check-leaks: deps
	@scripts/install-deps.sh valgrind
	$(SWIFT) build --product bidirender --scratch-path .build-valgrind -Xcc -gdwarf-4 -Xswiftc -g
	scripts/check-leaks.sh .build-valgrind/debug/bidirender

## Peak memory of the CLI (release) on long inputs: `layout --format json|text` of 900,000 code points
## of Arabic-and-Latin chat (one paragraph, and a newline every ~200), and `--jsonl` of 512 lines of
## ~20,000 code points; and 64 threads sharing one engine (Tests/ConcurrentCallers). Fails if the JSON
## layout passes LIMIT_MB (default 300) or the 64 threads pass 200 MB. QUICK=1: 64 long lines.
LIMIT_MB ?= 300
check-memory: build
	$(SWIFT) build -c release --product ConcurrentCallers
	python3 scripts/check-memory.py $(BIN) --limit-mb $(LIMIT_MB) $(if $(QUICK),--quick)

## N layouts (default 1,000,000) on one engine; fails if resident memory grows after warm-up.
soak: deps
	cd Benchmarks && $(SWIFT) build -c release --product Soak
	Benchmarks/.build/release/Soak $(N)

## The benchmarks (Benchmarks/, package-benchmark, release) and the batch throughput of the CLI,
## then a table and the ratio lines. Pango and raqm are measured in C on the same corpus and fonts.
bench: build
	@scripts/install-deps.sh $(BENCH_APT_PACKAGES)
	@mkdir -p out
	$(SWIFT) build -c release --product CorpusDump && cd Benchmarks && $(SWIFT) build -c release --product Soak \
	    && $(SWIFT) build -c release --product Ratios
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --no-progress | tee ../out/bench.txt
	python3 scripts/bench-report.py out/bench.txt --cli $(BIN) --corpus .build/release/CorpusDump \
	    --soak Benchmarks/.build/release/Soak \
	    --ratios Benchmarks/.build/release/Ratios --readme README.md | tee out/bench-report.txt

## The DocC documentation of the BidiRender module (Sources/BidiRender/BidiRender.docc and the doc
## comments) as a static site in out/docs, built by the toolchain's docc from the module's symbol
## graph (no package plugin: the root package keeps its one dependency). Fails on a DocC warning (a
## broken link, an undocumented parameter) and on a public declaration without a doc comment.
## Serve it (DocC's pages load their content with fetch, which browsers refuse on file://):
## `python3 -m http.server -d out/docs 8000`, then http://localhost:8000/ (out/docs/index.html
## redirects to the module's page).
DOCC ?= docc
SYMBOL_GRAPHS := out/symbolgraph
docs: check-docs
	rm -rf out/docs
	$(DOCC) convert Sources/BidiRender/BidiRender.docc --additional-symbol-graph-dir $(SYMBOL_GRAPHS) \
	    --fallback-display-name BidiRender --fallback-bundle-identifier org.bidirender.BidiRender \
	    --transform-for-static-hosting --warnings-as-errors --output-path out/docs
	@test -f out/docs/index.html && test -f out/docs/documentation/bidirender/index.html
	@# The site's root page has no content of its own ("can't be found"): send it to the module's.
	@printf '%s\n' '<!DOCTYPE html><meta charset="utf-8"><title>BidiRender</title>' \
	    '<meta http-equiv="refresh" content="0; url=documentation/bidirender/">' \
	    '<a href="documentation/bidirender/">BidiRender documentation</a>' > out/docs/index.html
	@echo "== out/docs: serve with python3 -m http.server -d out/docs 8000, open http://localhost:8000/"

## Fails, listing them, when a public declaration of BidiRender has no doc comment. The symbol graph
## (scripts/symbol-graph.sh) is extracted from the BidiRender target built alone in its own
## .build-docs: the C modules and the library, no tests, no CLI, nothing fetched (the CLI's default
## trait off).
check-docs: deps
	$(SWIFT) build --target BidiRender --scratch-path .build-docs --disable-default-traits
	rm -rf $(SYMBOL_GRAPHS)
	scripts/symbol-graph.sh .build-docs $(SYMBOL_GRAPHS)
	python3 scripts/check-doc-comments.py $(SYMBOL_GRAPHS) BidiRender

## Regenerates Fonts/ from Debian's font packages.
fonts:
	scripts/make-fonts.sh

clean:
	rm -rf .build
