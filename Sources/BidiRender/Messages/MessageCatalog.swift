// MessageCatalog: localized messages from a folder of JSON files, one per language ("default.json",
// "ar.json", "zh-Hans.json"), each mapping keys to ICU MessageFormat patterns. A key is looked up
// along the locale's fallback chain, key by key (ar-EG → ar → default): a language that lacks one key
// still serves the others. ICU formats the pattern (plural and select by CLDR's rules for the locale,
// numbers in the locale's digits); every text argument is isolated first (ArgumentIsolation), and the
// result carries the direction of the language that served it.

import Foundation

/// A folder of message catalogs, read once, or the same held in memory. `Sendable`: share one across threads. Compiled patterns
/// are cached per (language, locale, key); each serializes its own formats (ICU's MessageFormat is
/// not thread-safe), so concurrent formats of different messages run in parallel.
public final class MessageCatalog: Sendable {
    /// The catalog's folder ("<memory>" for one held in memory).
    package let directory: String
    /// The language of `default.json`, whose plural rules and digits format its patterns ("en").
    package let defaultLanguage: LocaleTag
    private let files: [String: CatalogFile]
    /// The files named by a language that could not be read (not JSON, not an object of strings,
    /// refused by the folder rule), by language: a lookup whose chain reaches one throws its error,
    /// and the others are served (a translator's typo in fr.json does not take ar down).
    private let broken: [String: BidiRenderError]
    private let cache = Locked<[String: ICUMessageFormat]>([:])

    /// At most this many compiled patterns are kept; past it the cache starts again (keys come from
    /// callers, locales from users: the cache must not grow without bound).
    static let cacheLimit = 4096

    /// Reads every `*.json` file of `directory`. A file name without ".json" is its language:
    /// "default" or a BCP 47 tag (normalized: "zh_hans.json" is zh-Hans).
    /// - Parameters:
    ///   - directory: the catalog folder (`Examples/catalog` is one).
    ///   - defaultLanguage: the language `default.json` is written in (plural rules, digits,
    ///     direction).
    ///   - allowsFilesOutsideFolder: let a catalog file be a symlink to a file outside `directory`
    ///     (only for a folder you trust). Without it each file must be a regular file inside the
    ///     folder after symlinks are resolved, as a font manifest's fonts must.
    /// A file named by a language that cannot be read (not valid JSON, not an object of strings,
    /// outside the folder) fails only the lookups whose chain reaches its language, with its error
    /// (`format`); the others are served from the other files.
    /// - Throws: `.unreadableFile` for a folder that cannot be listed; `.message` naming a file that is
    ///   not named by a language tag, or two that name one language.
    public init(
        directory: String, defaultLanguage: LocaleTag = LocaleTag("en"), allowsFilesOutsideFolder: Bool = false
    ) throws(BidiRenderError) {
        self.directory = directory
        self.defaultLanguage = defaultLanguage
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .unreadableFile(path: directory, reason: FileProblem.folderReason(path: directory))
        }
        var files: [String: CatalogFile] = [:]
        var broken: [String: BidiRenderError] = [:]
        var paths: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            let language = try Self.language(
                String(name.dropLast(".json".count)), path: path, in: paths, key: "the file name",
                hint: "name a catalog file default.json or by a language tag")
            paths[language] = path
            do {
                files[language] = try CatalogFile(
                    language: language, path: path, directory: directory, allowsOutside: allowsFilesOutsideFolder)
            } catch {
                broken[language] = error
            }
        }
        self.files = files
        self.broken = broken
    }

    /// The errors of the files that could not be read, by language (a lookup through one throws
    /// it): for a tool to warn of them.
    package var brokenFiles: [BidiRenderError] { broken.keys.sorted().compactMap { broken[$0] } }

    /// A catalog held in memory: language → key → ICU MessageFormat pattern, as a folder's files
    /// hold them. A language is "default" or a BCP 47 tag (normalized: "zh_hans" is zh-Hans);
    /// `defaultLanguage` is the language of "default". Errors name the language as
    /// "<memory>/LANGUAGE".
    /// - Throws: `.message` for a language that is neither, or two that normalize alike.
    public init(messages: [String: [String: String]], defaultLanguage: LocaleTag = LocaleTag("en")) throws(BidiRenderError) {
        directory = "<memory>"
        self.defaultLanguage = defaultLanguage
        var files: [String: CatalogFile] = [:]
        var paths: [String: String] = [:]
        for (name, patterns) in messages.sorted(by: { $0.key < $1.key }) {
            let path = "<memory>/\(name)"
            let language = try Self.language(
                name, path: path, in: paths, key: "the language", hint: "name a language \"default\" or by a language tag")
            paths[language] = path
            files[language] = CatalogFile(language: language, path: path, patterns: patterns)
        }
        self.files = files
        broken = [:]
    }

    /// The language `name` stands for ("default", or a BCP 47 tag normalized), one that `paths`
    /// (language → file) does not hold yet; errors name `path`, with `hint`.
    private static func language(
        _ name: String, path: String, in paths: [String: String], key: String, hint: String
    ) throws(BidiRenderError) -> String {
        var language = "default"
        if name != "default" {
            do {
                language = try LocaleTag(validating: name, key: key).normalized
            } catch {
                throw .message(file: path, line: 0, key: "", reason: "\(error.description) (\(hint))")
            }
        }
        if let other = paths[language] { throw .message(file: path, line: 0, key: "", reason: "the same language as \(other)") }
        return language
    }

    /// The catalog's languages, sorted ("ar", "default", "zh-Hans").
    package var languages: [String] { files.keys.sorted() }

    /// Formats the message `key` for `locale`.
    ///
    /// The pattern comes from the first language of `locale.fallbackChain` + "default" whose file has
    /// the key. ICU formats it for `locale` (for `defaultLanguage` when default.json serves it).
    /// Each text argument is made safe and isolated wherever it is shown (`ArgumentIsolation`: its
    /// separators become spaces, its explicit formatting characters are balanced, then LRI, RLI or FSI
    /// by its first strong character, then PDI); where the pattern uses it as a `select` selector it
    /// is matched as given. Numbers are formatted by ICU, in the locale's digits (Arabic-Indic for ar
    /// and ar-EG); a `.decimal` exactly.
    /// - Throws: `.message` naming the file and the key: the key is in no file of the chain, the
    ///   pattern passes `MessagePatternBounds` (16,384 UTF-16 units, 32 nested messages), ICU rejects
    ///   the pattern (with the code point offset of the error), an argument is missing or of the wrong
    ///   kind (text for a plural, a number for a select), a decimal is too long, or the arguments pass
    ///   `maximumArguments` or `maximumArgumentBytes`; the error of a file of the chain that could not
    ///   be read (`.message` with its line, or `.unreadableFile`), met before the key was found.
    public func format(_ key: String, locale: LocaleTag, arguments: [String: MessageArgument] = [:]) throws(BidiRenderError)
        -> LocalizedMessage
    {
        let chain = locale.fallbackChain.filter { $0 != "default" } + ["default"]
        // Along the chain; a file that could not be read stops it with its error (it may have held
        // the key).
        var found: CatalogFile?
        for language in chain {
            if let error = broken[language] { throw error }
            if let file = files[language], file.patterns[key] != nil {
                found = file
                break
            }
        }
        guard let file = found, let pattern = file.patterns[key] else {
            let tried = chain.map { files[$0].map { ($0.path as NSString).lastPathComponent } ?? "\($0) (no file)" }
            throw .message(
                file: directory, line: 0, key: key,
                reason: "no catalog file along \(chain.joined(separator: " → ")) has the key (tried \(tried.joined(separator: ", ")))")
        }
        try Self.checkSize(arguments, file: file, key: key)
        let served = file.language == "default" ? defaultLanguage : locale
        let compiled = try self.compiled(file: file, key: key, pattern: pattern, locale: served)
        let values = try Self.values(compiled, arguments, file: file, key: key)
        switch compiled.format(values) {
        case .success(let formatted):
            let direction = (file.language == "default" ? defaultLanguage : LocaleTag(file.language)).isRightToLeft
            let (text, slots) = ArgumentMarks.read(formatted)
            var ranges: [String: Range<Int>] = [:]
            for (slot, range) in slots {
                let name = compiled.arguments[slot].name
                if let other = ranges[name], other.lowerBound < range.lowerBound { continue }
                ranges[name] = range
            }
            return LocalizedMessage(
                key: key, locale: locale, served: file.language, direction: direction ? .rightToLeft : .leftToRight, text: text,
                argumentRanges: ranges)
        case .failure(let error):
            throw .message(file: file.path, line: file.line(of: key), key: key, reason: "ICU cannot format the message: \(error.name)")
        }
    }

    /// The farthest date from 1970 a `.date` argument may be, in milliseconds (ECMAScript's bound:
    /// ±100,000,000 days).
    static let maximumDateMilliseconds = 8.64e15

    /// The most arguments a format takes: far above any message.
    package static let maximumArguments = 10_000
    /// The largest total size of a format's arguments, names and values, in UTF-8 bytes (a number
    /// counts 8): 1 MB.
    package static let maximumArgumentBytes = 1 << 20

    /// Checks `arguments` against `maximumArguments` and `maximumArgumentBytes`.
    private static func checkSize(_ arguments: [String: MessageArgument], file: CatalogFile, key: String) throws(BidiRenderError) {
        func fail(_ reason: String) -> BidiRenderError {
            .message(file: file.path, line: file.line(of: key), key: key, reason: reason)
        }
        guard arguments.count <= maximumArguments else {
            throw fail("a message takes at most \(maximumArguments) arguments, not \(arguments.count)")
        }
        var bytes = 0
        for (name, value) in arguments {
            bytes += name.utf8.count
            switch value {
            case .text(let t), .decimal(let t): bytes += t.utf8.count
            case .number, .date: bytes += 8
            }
        }
        guard bytes <= maximumArgumentBytes else {
            throw fail("a message's arguments are at most \(maximumArgumentBytes) bytes together, not \(bytes)")
        }
    }

    /// The compiled pattern, from the cache or compiled now (not cached when ICU rejects it). The
    /// pattern is checked against `MessagePatternBounds` before ICU sees it.
    private func compiled(file: CatalogFile, key: String, pattern: String, locale: LocaleTag) throws(BidiRenderError)
        -> ICUMessageFormat
    {
        let icuLocale = locale.normalized == "default" ? "" : locale.normalized.replacingOccurrences(of: "-", with: "_")
        let cacheKey = "\(file.language)\u{0}\(icuLocale)\u{0}\(key)"
        if let hit = cache.withLock({ $0[cacheKey] }) { return hit }
        func fail(_ reason: String) -> BidiRenderError {
            .message(file: file.path, line: file.line(of: key), key: key, reason: reason)
        }
        let units = Array(pattern.utf16)
        guard units.count <= MessagePatternBounds.maximumLength else {
            throw fail("a pattern is at most \(MessagePatternBounds.maximumLength) UTF-16 units long, not \(units.count)")
        }
        if let mark = pattern.unicodeScalars.firstIndex(where: { ArgumentMarks.isMark($0.value) }) {
            let at = pattern.unicodeScalars.distance(from: pattern.unicodeScalars.startIndex, to: mark)
            throw fail(
                "a pattern may not hold the noncharacters U+FDD0–U+FDEF, which formatting keeps for its own use: "
                    + "U+\(String(pattern.unicodeScalars[mark].value, radix: 16, uppercase: true)) at code point \(at) of the pattern")
        }
        let bounds = MessagePatternBounds(units)
        if let at = bounds.tooDeepAt {
            throw fail(
                "a pattern nests at most \(MessagePatternBounds.maximumDepth) messages deep: deeper at code point "
                    + "\(Self.scalarOffset(utf16: at, in: pattern)) of the pattern")
        }
        let format: ICUMessageFormat
        do {
            format = try ICUMessageFormat(pattern: pattern, locale: icuLocale)
        } catch {
            // ICU reports some errors at offset 0 wherever they are: an unclosed brace, a missing
            // `other`; the walk of MessagePatternBounds knows where.
            var at = error.utf16Offset
            if at == nil || at == 0 {
                switch error.name {
                case "U_UNMATCHED_BRACES": at = bounds.unclosedAt ?? at
                case "U_DEFAULT_KEYWORD_MISSING": at = bounds.missingOtherAt ?? at
                default: at = bounds.syntaxErrorAt ?? at
                }
            }
            let place = at.map { " at code point \(Self.scalarOffset(utf16: $0, in: pattern)) of the pattern" } ?? ""
            throw fail("ICU rejects the pattern: \(error.name)\(place)")
        }
        return cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            if let other = cache[cacheKey] { return other }  // compiled meanwhile on another thread
            cache[cacheKey] = format
            return format
        }
    }

    /// The code point offset of UTF-16 offset `utf16` in `text` (ICU counts in UTF-16 units).
    static func scalarOffset(utf16: Int, in text: String) -> Int {
        var units = 0
        var scalars = 0
        for scalar in text.unicodeScalars {
            if units >= utf16 { break }
            units += scalar.utf16.count
            scalars += 1
        }
        return scalars
    }

    /// The values to pass to ICU, one per argument slot of the pattern, each checked against its
    /// kind: a selector's text raw (it is matched, not shown), every other text made safe and
    /// isolated (`ArgumentIsolation`), numbers as they are. Arguments the pattern does not use are
    /// left out.
    private static func values(
        _ format: ICUMessageFormat, _ arguments: [String: MessageArgument], file: CatalogFile, key: String
    ) throws(BidiRenderError) -> [ICUMessageFormat.Value] {
        var kinds: [String: Set<ICUMessageFormat.ArgumentKind>] = [:]
        for (name, kind) in format.arguments { kinds[name, default: []].insert(kind) }
        var values: [ICUMessageFormat.Value] = []
        values.reserveCapacity(format.arguments.count)
        for (slot, (name, kind)) in format.arguments.enumerated() {
            let used = kinds[name] ?? []
            func fail(_ reason: String) -> BidiRenderError {
                .message(file: file.path, line: file.line(of: key), key: key, reason: reason)
            }
            guard let value = arguments[name] else {
                let given = arguments.keys.sorted().prefix(20).joined(separator: ", ") + (arguments.count > 20 ? ", …" : "")
                throw fail("the argument '\(name)' is missing (given: \(arguments.isEmpty ? "none" : given))")
            }
            switch value {
            case .text(let text):
                if used.contains(.number) {
                    throw fail("the argument '\(name)' must be a number (a plural, number or date argument), not the text '\(text.prefix(40))'")
                }
                // Shown text is isolated and marked, so that its range in the result is known.
                values.append(.text(kind == .text ? text : ArgumentMarks.marked(ArgumentIsolation.isolate(text), slot: slot)))
            case .number(let number):
                if used.contains(.text) {
                    throw fail("the argument '\(name)' must be text (a select argument), not the number \(number)")
                }
                values.append(.double(number))
            case .date(let date):
                if used.contains(.text) {
                    throw fail("the argument '\(name)' must be text (a select argument), not the date \(date)")
                }
                // ICU formats any double, NaN and 1e300 as nonsense dates: those are refused.
                let milliseconds = date.timeIntervalSince1970 * 1_000
                guard milliseconds.isFinite, abs(milliseconds) <= Self.maximumDateMilliseconds else {
                    throw fail("the argument '\(name)' is a date outside ±275,760 years of 1970 (\(date.timeIntervalSince1970) s)")
                }
                values.append(.date(milliseconds))
            case .decimal(let digits):
                if used.contains(.text) {
                    throw fail("the argument '\(name)' must be text (a select argument), not the number \(digits.prefix(40))")
                }
                if let problem = MessageArgument.decimalProblem(digits) { throw fail("the argument '\(name)': \(problem)") }
                values.append(.decimal(digits))
            }
        }
        return values
    }
}
