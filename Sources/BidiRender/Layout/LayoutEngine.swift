// LayoutEngine: lays a text out by running the stages in order, one paragraph at a time —
//   decode (Text) → entities found and isolated (Text) → paragraphs and levels on the isolated text (Bidi) →
//   scripts, a font per grapheme cluster, items (Itemize) → HarfBuzz shaping, word by word through
//   the shaping cache (Shape) → lines to a width at UAX #14 opportunities (LineBreak) → per-line
//   L1–L2 reorder, runs in visual order (Layout/LineBuilder) → with maxLines, the last kept line
//   cut and ended by the ellipsis (Layout/Truncation) → alignment (Layout/Alignment).
// It orchestrates and keeps the pool of scratches; the work is in the stages. The stages up to shaping
// are the preparing phase (LayoutScratch+Stages.swift), the rest the line phase
// (LayoutScratch+Lines.swift); `prepare` keeps the first for `PreparedText` (PreparedText.swift).
//
// Thread-safety: the engine is Sendable and meant to be shared. Each call moves a LayoutScratch
// (HarfBuzz buffer, bidi buffers, ICU line breakers, shaping cache) out of a locked pool and back
// after, so concurrent calls never share one; the caches warm up per scratch. An engine creates at
// most `shapeCacheLimit` shaping caches in its life, however many threads call it (see `checkOut`).

/// Lays out texts with one font registry.
public final class LayoutEngine: Sendable {
    /// The fonts the engine chooses from.
    package let registry: FontRegistry
    /// The most code points one call lays out; a longer text throws `.inputTooLarge`.
    package let maxInputCodePoints: Int
    /// Idle scratches, at most `scratchPoolLimit`, and the number of shaping caches created.
    private let pool = Locked(Pool())
    private let cacheLimits: ShapeCache.Limits?
    static let scratchPoolLimit = 16
    /// The most shaping caches one engine creates: as many as the pool keeps, so that none is ever
    /// dropped. About 14 MB each at the default bound (49,152 words), so at most 224 MB per engine.
    static let shapeCacheLimit = scratchPoolLimit
    /// The shaping cache of a scratch made past `shapeCacheLimit`: 256 words, about 140 KB.
    static let overflowCacheLimits = ShapeCache.Limits(entries: 256, codePoints: 4_096, glyphs: 4_096)
    /// The default of `maxInputCodePoints`: 4,194,304 code points (4 MB of ASCII; a 1 MB chat text
    /// of Arabic and Latin is about 900,000).
    package static let defaultMaxInputCodePoints = 4_194_304

    /// The largest shaping cache an engine makes, in words (`init`'s `shapeCacheEntries`).
    static let maximumShapeCacheEntries = 1 << 20

    /// An engine that lays out with the fonts of `registry`.
    ///
    /// - Parameters:
    ///   - registry: the fonts to choose from; share one registry between engines.
    ///   - shapeCacheEntries: the bound of each shaping cache, in words (a cache stores at most 8
    ///     code points and 8 glyphs per word on average besides: about 14 MB for the default 49,152
    ///     words; words in use are kept when the cache is full, see ShapeCache). 0 shapes every run
    ///     whole, with no cache. Each concurrent call has its own cache, up to 16 caches per engine;
    ///     a call beyond them shapes through a small cache of its own (the same glyphs, more slowly).
    ///     At most `maximumShapeCacheEntries` (1,048,576 words, about 300 MB a cache): a larger value
    ///     counts as that, a negative one as 0.
    ///   - maxInputCodePoints: the most code points (Unicode scalars) one `layout` call takes, the
    ///     bound a server sets once on the work and memory one message can cost (both grow linearly
    ///     with the text). The default, 4,194,304, leaves room for a 1 MB text in any script.
    public init(
        registry: FontRegistry, shapeCacheEntries: Int = 49_152, maxInputCodePoints: Int = 4_194_304
    ) {
        self.registry = registry
        self.maxInputCodePoints = maxInputCodePoints
        // Bounded: a cache's tables are allocated whole, and 8 × Int.max overflows.
        let entries = min(shapeCacheEntries, Self.maximumShapeCacheEntries)
        cacheLimits = entries > 0 ? ShapeCache.Limits(entries: entries, codePoints: entries * 8, glyphs: entries * 8) : nil
    }

    /// Lays out `text` with `options` and attributed `spans` (scalar offsets).
    ///
    /// Cancellation: run inside a task, the call checks `Task.isCancelled` before it starts, between
    /// paragraphs and, inside a long paragraph, between its lines and every 4,096 code points of
    /// shaping; once the task is cancelled it throws `.cancelled` and returns no partial layout.
    /// (Decoding, bidi resolution and itemization of one paragraph run to their end: they take a few
    /// milliseconds per 100,000 code points.)
    ///
    /// - Throws: `.invalidValue` for a size or width out of range (a span's size too, naming the
    ///   span), or a span whose range is not within the text (`spans[i]`; offsets are never
    ///   clamped); `.inputTooLarge` for a text of
    ///   more than `maxInputCodePoints` code points; `.cancelled` when the task is cancelled. Text
    ///   itself never fails: a character no font covers falls back to a system font or to .notdef,
    ///   listed in `fallbacks`.
    public func layout(_ text: String, spans: [TextSpan] = [], options: LayoutOptions) throws(BidiRenderError) -> Layout {
        try Self.checkSpans(spans, in: text)
        return try withScratch(text, options: options) { (scratch) throws(BidiRenderError) in
            try Self.layout(text, spans: spans, options: options, registry: registry, scratch: &scratch)
        }
    }

    /// Checks each span's size and features (naming the span), and that its range is within `text`.
    static func checkSpans(_ spans: [TextSpan], in text: String) throws(BidiRenderError) {
        for (i, span) in spans.enumerated() where span.needsValidation { try span.validate(index: i) }
        try TextSpan.checkRanges(spans, in: text)
    }

    /// Checks `options` and the size of `text`, then runs `body` on a scratch from the pool
    /// (`withPooledScratch`).
    func withScratch<R>(
        _ text: String, options: LayoutOptions, _ body: (inout LayoutScratch) throws(BidiRenderError) -> R
    ) throws(BidiRenderError) -> R {
        try options.validate()
        try InputLimit.check(text, limit: maxInputCodePoints)
        return try withPooledScratch(body)
    }

    /// Runs `body` on a scratch from the pool, with one exclusive access for the whole call, and puts
    /// the scratch back.
    func withPooledScratch<R>(_ body: (inout LayoutScratch) throws(BidiRenderError) -> R) throws(BidiRenderError) -> R {
        let pooled = checkOut()
        defer {
            pooled.scratch.endCall()
            checkIn(pooled)
        }
        return try body(&pooled.scratch)
    }

    /// A scratch for one call: an idle one (one with a shaping cache first), else a new one, which
    /// gets a shaping cache only while the engine has created fewer than `shapeCacheLimit`.
    func checkOut() -> PooledScratch {
        let (idle, withCache) = pool.withLock { pool -> (PooledScratch?, Bool) in
            if let idle = pool.idle.popLast() { return (idle, false) }
            guard cacheLimits != nil, pool.cachesCreated < Self.shapeCacheLimit else { return (nil, false) }
            pool.cachesCreated += 1
            return (nil, true)
        }
        // Past the bound, a scratch still shapes word by word, as the cached ones do (HarfBuzz may
        // order the glyphs of one cluster differently in a whole run than in a word, so shaping
        // whole would change a few layouts), through a small cache of its own that goes with it.
        guard let idle else {
            if withCache { return PooledScratch(LayoutScratch(cacheLimits: cacheLimits), sharedCache: true) }
            return PooledScratch(LayoutScratch(cacheLimits: cacheLimits.map { _ in Self.overflowCacheLimits }), sharedCache: false)
        }
        return idle
    }

    /// Gives a scratch back to the pool. Scratches with a cache sit at the end, taken first; one
    /// with a cache is always kept (there are at most `shapeCacheLimit`, the pool's size), in the
    /// place of one without when the pool is full. A scratch that is not kept is freed outside the
    /// lock.
    func checkIn(_ pooled: PooledScratch) {
        let dropped = pool.withLock { pool -> PooledScratch? in
            if pooled.hasEngineCache {
                var dropped: PooledScratch?
                if pool.idle.count >= Self.scratchPoolLimit,
                    let k = pool.idle.firstIndex(where: { !$0.hasEngineCache })
                {
                    dropped = pool.idle.remove(at: k)
                }
                pool.idle.append(pooled)
                return dropped
            }
            guard pool.idle.count < Self.scratchPoolLimit else { return pooled }
            pool.idle.insert(pooled, at: 0)
            return nil
        }
        _ = dropped
    }

    /// The number of shaping caches this engine has created (at most `shapeCacheLimit`).
    var shapeCachesCreated: Int { pool.withLock { $0.cachesCreated } }

    /// The number of idle scratches, and how many of them have a shaping cache.
    var idleScratches: (count: Int, withCache: Int) {
        pool.withLock { pool in (pool.idle.count, pool.idle.count { $0.hasEngineCache }) }
    }

    /// The shaping caches' figures, summed over the scratches idle at the moment of the call.
    @_spi(Tools) public var shapeCacheStatistics: ShapeCacheStatistics {
        pool.withLock { pool in
            pool.idle.reduce(ShapeCacheStatistics()) { $0 + ($1.scratch.shape.cache?.currentStatistics ?? ShapeCacheStatistics()) }
        }
    }

    /// Empties the shaping caches of the idle scratches (their counters stay), for a cold start.
    @_spi(Tools) public func clearShapeCaches() {
        pool.withLock { pool in for pooled in pool.idle { pooled.scratch.shape.cache?.reset() } }
    }

    /// One layout call on `scratch`: the preparing phase and the line phase of each paragraph in
    /// turn (so that maxLines stops shaping at the paragraph it cuts), then alignment; with `.start`
    /// truncation, every paragraph prepared first and the lines kept counted from the end. Throws
    /// `.cancelled` as `layout(_:spans:options:)` says.
    static func layout(
        _ string: String, spans: [TextSpan], options: LayoutOptions, registry: FontRegistry,
        scratch: inout LayoutScratch
    ) throws(BidiRenderError) -> Layout {
        try checkCancellation()
        // Truncation at the start counts lines from the end: every paragraph is prepared first.
        if options.truncation == .start, options.maxLines != nil {
            let snapshot = try scratch.prepare(string, spans: spans, options: options, registry: registry)
            return try scratch.layout(snapshot, options: options, registry: registry)
        }
        scratch.startCall()
        // Text: decoded, entities found and isolated; the attributes of each code point.
        let (resolved, attributes) = scratch.loadText(string, spans: spans, options: options)
        var draft = LayoutDraft()
        draft.reserve(codePoints: scratch.text.count, maxLines: options.maxLines)
        for p in resolved.paragraphs.indices {
            try checkCancellation()
            // Bidi, itemize, shape.
            let paragraph = scratch.prepareParagraph(
                p, of: resolved, attributes: attributes, registry: registry, size: options.size,
                fallbacks: &draft.fallbacks)
            // Shaping stops early when the task is cancelled: its output is then partial, never used.
            try checkCancellation()
            // Line breaking, each line built, truncation.
            let cut = try scratch.layLines(
                paragraph, range: resolved.paragraphs[p], moreParagraphs: p + 1 < resolved.paragraphs.count,
                entities: resolved.entities, attributes: attributes, registry: registry, options: options,
                into: &draft)
            if cut { break }
        }
        draft.missedEmoji = scratch.itemize.missedColorEmoji
        return scratch.finish(&draft, entities: resolved.entities, boxes: attributes.inlines, options: options)
    }

    /// Throws `.cancelled` when the current task is cancelled (`Task.isCancelled` reads it from
    /// synchronous code too; outside any task it is false).
    @inline(__always)
    static func checkCancellation() throws(BidiRenderError) {
        if Task.isCancelled { throw .cancelled }
    }
}

/// The engine's idle scratches, and the number of shaping caches it has created.
private struct Pool {
    /// Those without a shaping cache first, then those with one (taken first, from the end).
    var idle: [PooledScratch] = []
    var cachesCreated = 0
}

/// A scratch in the engine's pool. The box lets a call work on the scratch in place, with one
/// exclusive access (`&pooled.scratch`) for the whole call, instead of copying it out of the pool
/// and back (a retain and a release for each of its arrays).
final class PooledScratch {
    var scratch: LayoutScratch
    /// Whether the scratch holds one of the engine's `shapeCacheLimit` shaping caches (else, at
    /// most a small one of its own, `LayoutEngine.overflowCacheLimits`).
    let hasEngineCache: Bool

    init(_ scratch: LayoutScratch, sharedCache: Bool) {
        self.scratch = scratch
        hasEngineCache = sharedCache
    }
}
