// PreviewShares: how a preview's width (or a notification's grapheme clusters) is shared out among
// its fields — each keeps its minimum, then the fields take what is left by priority, those of equal
// priority in proportion to what each still lacks.

enum PreviewShares {
    /// What each field gets of `budget`: `minimums[i]` (at most `needs[i]`), then the rest by
    /// priority, higher first; fields of one priority share what is left in proportion to what each
    /// lacks (each at most its need). With equal priorities a long sender and a long message both
    /// give way; with the message's priority higher the sender keeps only its minimum.
    static func allocate(needs: [Double], minimums: [Double], priorities: [Int], budget: Double) -> [Double] {
        var allowed = needs.indices.map { min(needs[$0], minimums[$0]) }
        var rest = budget - allowed.reduce(0, +)
        for priority in Set(priorities).sorted(by: >) where rest > 0 {
            let group = needs.indices.filter { priorities[$0] == priority }
            let lacking = group.reduce(0) { $0 + (needs[$1] - allowed[$1]) }
            guard lacking > 0 else { continue }
            let share = min(1, rest / lacking)
            for i in group {
                let more = (needs[i] - allowed[i]) * share
                allowed[i] += more
            }
            rest -= lacking * share
        }
        return allowed
    }

    /// Shares of `budget` whole units (`allocate`'s, in units) as whole counts of what each field
    /// shows, a unit of field i costing `costs[i]` units (the times the sentence shows it), using
    /// what the rounding down leaves: first to make whole the fields it can (those missing the
    /// fewest units first: "Bob: he…", not "B…: he…"), then one more to each by the largest
    /// fraction, round after round while any fits. Never more than `counts[i]`; a field shown
    /// nowhere (cost 0) keeps all of it.
    static func wholeUnits(_ shares: [Double], counts: [Int], costs: [Int], budget: Int) -> [Int] {
        var whole = shares.indices.map { i in
            costs[i] == 0 ? counts[i] : min(counts[i], Int(clamping: shares[i] / Double(costs[i]), to: 0...Int(Int32.max)))
        }
        var left = budget - whole.indices.reduce(0) { $0 + whole[$1] * costs[$1] }
        let missing = { (i: Int) in (counts[i] - whole[i]) * costs[i] }
        for i in whole.indices.filter({ whole[$0] < counts[$0] }).sorted(by: { (missing($0), $0) < (missing($1), $1) })
        where missing(i) <= left {
            left -= missing(i)
            whole[i] = counts[i]
        }
        let fraction = { (i: Int) in costs[i] == 0 ? 0 : shares[i] / Double(costs[i]) - Double(whole[i]) }
        let order = whole.indices.sorted { (-fraction($0), $0) < (-fraction($1), $1) }
        // Round by round (a field shown twice may not fit the last unit, another may), each round
        // giving at least one unit: at most `budget` rounds.
        var gave = true
        while gave, left > 0 {
            gave = false
            for i in order where whole[i] < counts[i] && costs[i] > 0 && costs[i] <= left {
                left -= costs[i]
                whole[i] += 1
                gave = true
            }
        }
        return whole
    }
}
