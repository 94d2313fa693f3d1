// ItemizeScratch: the itemize stage's storage reused across layout calls — script buffers, the
// memoized fallback chains and the font and language tables items refer to.

/// The working storage of `Itemizer`, owned by one layout scratch.
struct ItemizeScratch {
    /// The first emoji-presentation cluster of the current call that no colour emoji font covers
    /// (reset by `LayoutScratch.startCall`).
    var missedColorEmoji: MissedColorEmoji?
    /// The scripts of the paragraph being itemized, and of one mention inside it.
    var scripts: [ScriptTag] = []
    var mentionScripts: [ScriptTag] = []
    /// The script resolver's open brackets.
    var bracketStack: [(id: UInt32, script: ScriptTag)] = []
    /// Fallback chains memoized across calls, by script and attributes (their font and language
    /// indices point into `tables`). At most `memoLimit`; cleared when full.
    var memos: [FallbackChainMemo] = []
    static let memoLimit = 64
    /// The memos the current `itemize` call has used, by script and attributes id (attribute ids
    /// are the call's own), so that a switch back to a chain copies and compares no attributes.
    /// Emptied when `memo` clears the memos.
    var chains: [(script: ScriptTag, id: Int32, memo: Int)] = []
    /// The fonts and languages of the items.
    var tables = ItemTables()
    /// The colour emoji fonts found so far (indices into `tables`), with the choice that gave each.
    var emojiFonts: [(font: Int32, choice: FontChoice)] = []

    /// Lets go of storage a very long text grew, and clears the tables and the memos that refer to
    /// them once the tables are full.
    mutating func trim() {
        if scripts.capacity > TextBuffer.keepLimit { scripts = [] }
        if tables.isFull {
            tables.removeAll()
            memos.removeAll(keepingCapacity: true)
            emojiFonts.removeAll(keepingCapacity: true)
        }
    }

    /// The index in `memos` of the chain for `script` and attributes `table[id]`, memoized on first
    /// use.
    mutating func memo(
        script: ScriptTag, attributes table: [Attributes], id: Int, registry: FontRegistry, languages: LanguageIDs?
    ) -> Int {
        // Searched by index, fields compared in place: the closure form copied each memo, and `==`
        // copies both attributes.
        let offset = MemoryLayout<FallbackChainMemo>.offset(of: \.attributes)!  // no-trap: a stored property
        let found = table.withUnsafeBufferPointer { table in
            memos.withUnsafeBufferPointer { memos in
                memos.indices.first { m in
                    memos[m].script == script
                        && Attributes.equal(
                            (UnsafeRawPointer(memos.baseAddress! + m) + offset).assumingMemoryBound(to: Attributes.self),  // no-trap: m is an index of memos
                            table.baseAddress! + id)  // no-trap: id is an index of the table
                }
            }
        }
        if let found { return found }
        if memos.count >= Self.memoLimit { memos.removeAll(keepingCapacity: true) }
        memos.append(FallbackChainMemo(script: script, attributes: table[id], registry: registry, tables: &tables, languages: languages))
        return memos.count - 1
    }
}
