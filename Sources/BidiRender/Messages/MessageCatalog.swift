// MessageCatalog: localized messages from a folder of JSON files, one per language ("default.json",
// "ar.json", "zh-Hans.json"), each mapping keys to ICU MessageFormat patterns. A key is looked up
// along the locale's fallback chain, key by key (ar-EG → ar → default): a language that lacks one key
// still serves the others. ICU formats the pattern (plural and select by CLDR's rules for the locale,
// numbers in the locale's digits); every text argument is isolated first (ArgumentIsolation), and the
// result carries the direction of the language that served it.

import Foundation

/// A folder of message catalogs, read once. `Sendable`: share one across threads. Compiled patterns
/// are cached per (language, locale, key); each serializes its own formats (ICU's MessageFormat is
/// not thread-safe), so concurrent formats of different messages run in parallel.
public final class MessageCatalog: Sendable {
    /// The catalog's folder.
    public let directory: String
    /// The language of `default.json`, whose plural rules and digits format its patterns ("en").
    public let defaultLanguage: LocaleTag
    private let files: [String: CatalogFile]
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
    /// - Throws: `.unreadableFile` for a folder that cannot be listed; `.message` naming a file that is
    ///   not valid JSON (with its line), not an object of strings, or not named by a language tag.
    public init(directory: String, defaultLanguage: LocaleTag = LocaleTag("en")) throws(BidiRenderError) {
        self.directory = directory
        self.defaultLanguage = defaultLanguage
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .unreadableFile(path: directory, reason: FileProblem.folderReason(path: directory))
        }
        var files: [String: CatalogFile] = [:]
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            let stem = String(name.dropLast(".json".count))
            var language = "default"
            if stem != "default" {
                do {
                    language = try LocaleTag(validating: stem, key: "the file name").normalized
                } catch {
                    throw .message(file: path, line: 0, key: "", reason: "\(error.description) (name a catalog file default.json or by a language tag)")
                }
            }
            if let other = files[language] {
                throw .message(file: path, line: 0, key: "", reason: "the same language as \(other.path)")
            }
            files[language] = try CatalogFile(language: language, path: path)
        }
        self.files = files
    }

    /// The catalog's languages, sorted ("ar", "default", "zh-Hans").
    public var languages: [String] { files.keys.sorted() }

    /// Formats the message `key` for `locale`.
    ///
    /// The pattern comes from the first language of `locale.fallbackChain` + "default" whose file has
    /// the key. ICU formats it for `locale` (for `defaultLanguage` when default.json serves it).
    /// Each text argument is isolated (LRI, RLI or FSI by its first strong character, then PDI)
    /// unless the pattern uses it as a `select` selector; numbers are formatted by ICU, in the
    /// locale's digits (Arabic-Indic for ar and ar-EG).
    /// - Throws: `.message` naming the file and the key: the key is in no file of the chain, ICU
    ///   rejects the pattern (with the code point offset where its parser stopped), an argument is
    ///   missing or of the wrong kind (text for a plural, a number for a select).
    public func format(_ key: String, locale: LocaleTag, arguments: [String: MessageArgument] = [:]) throws(BidiRenderError)
        -> LocalizedMessage
    {
        let chain = locale.fallbackChain.filter { $0 != "default" } + ["default"]
        guard let file = chain.lazy.compactMap({ self.files[$0] }).first(where: { $0.patterns[key] != nil }),
            let pattern = file.patterns[key]
        else {
            let tried = chain.map { files[$0].map { ($0.path as NSString).lastPathComponent } ?? "\($0) (no file)" }
            throw .message(
                file: directory, line: 0, key: key,
                reason: "no catalog file along \(chain.joined(separator: " → ")) has the key (tried \(tried.joined(separator: ", ")))")
        }
        let served = file.language == "default" ? defaultLanguage : locale
        let compiled = try self.compiled(file: file, key: key, pattern: pattern, locale: served)
        let values = try Self.values(compiled, arguments, file: file, key: key)
        switch compiled.format(values) {
        case .success(let text):
            let direction = (file.language == "default" ? defaultLanguage : LocaleTag(file.language)).isRightToLeft
            return LocalizedMessage(
                key: key, locale: locale, served: file.language, direction: direction ? .rightToLeft : .leftToRight, text: text)
        case .failure(let error):
            throw .message(file: file.path, line: file.line(of: key), key: key, reason: "ICU cannot format the message: \(error.name)")
        }
    }

    /// The compiled pattern, from the cache or compiled now (not cached when ICU rejects it).
    private func compiled(file: CatalogFile, key: String, pattern: String, locale: LocaleTag) throws(BidiRenderError)
        -> ICUMessageFormat
    {
        let icuLocale = locale.normalized == "default" ? "" : locale.normalized.replacingOccurrences(of: "-", with: "_")
        let cacheKey = "\(file.language)\u{0}\(icuLocale)\u{0}\(key)"
        if let hit = cache.withLock({ $0[cacheKey] }) { return hit }
        let format: ICUMessageFormat
        do {
            format = try ICUMessageFormat(pattern: pattern, locale: icuLocale)
        } catch {
            let place = error.offset.map { " at code point \($0) of the pattern" } ?? ""
            throw .message(file: file.path, line: file.line(of: key), key: key, reason: "ICU rejects the pattern: \(error.name)\(place)")
        }
        return cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            if let other = cache[cacheKey] { return other }  // compiled meanwhile on another thread
            cache[cacheKey] = format
            return format
        }
    }

    /// The arguments to pass to ICU: each one the pattern uses, checked against its kind, text
    /// isolated. Arguments the pattern does not use are left out.
    private static func values(
        _ format: ICUMessageFormat, _ arguments: [String: MessageArgument], file: CatalogFile, key: String
    ) throws(BidiRenderError) -> [(name: String, value: MessageArgument)] {
        var kinds: [String: Set<ICUMessageFormat.ArgumentKind>] = [:]
        var order: [String] = []
        for (name, kind) in format.arguments {
            if kinds[name] == nil { order.append(name) }
            kinds[name, default: []].insert(kind)
        }
        var values: [(name: String, value: MessageArgument)] = []
        for name in order {
            let used = kinds[name] ?? []
            func fail(_ reason: String) -> BidiRenderError {
                .message(file: file.path, line: file.line(of: key), key: key, reason: reason)
            }
            guard let value = arguments[name] else {
                let given = arguments.keys.sorted().joined(separator: ", ")
                throw fail("the argument '\(name)' is missing (given: \(given.isEmpty ? "none" : given))")
            }
            switch value {
            case .text(let text):
                if used.contains(.number) {
                    throw fail("the argument '\(name)' must be a number (a plural, number or date argument), not the text '\(text)'")
                }
                values.append((name, used.contains(.text) ? value : .text(ArgumentIsolation.isolate(text))))
            case .number(let number):
                if used.contains(.text) {
                    throw fail("the argument '\(name)' must be text (a select argument), not the number \(number)")
                }
                values.append((name, value))
            }
        }
        return values
    }
}
