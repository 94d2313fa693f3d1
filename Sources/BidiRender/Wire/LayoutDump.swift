// LayoutDump: a Layout as the documented JSON contract, or as text in the spirit of hb-shape
// (one line per visual run). Both are written piece by piece to a TextOutputStream, so a large
// layout goes to a file or a pipe without ever being one String; the String forms wrap them.

import Foundation

extension Layout {
    /// The layout as compact JSON (version 1; fields may be added):
    /// {"version":1,"paragraphs":[{"start","end","direction"}],"size":{"width","height"},
    ///  "contentWidth","truncated",
    ///  "lines":[{"start","end","x","baseline","width","ascent","descent","runs":[{"start","end",
    ///  "level","direction","script","language","font":{"family","weight","style","file"},
    ///  "ellipsis" (true, only on a truncated line's ellipsis run),"inline" (true, only on an inline
    ///  box's run: one glyph, id 0, nothing drawn),"size" (px),"color","background"
    ///  ("#RRGGBB" or "#RRGGBBAA", when a span set one),"decorations" (["underline","strikethrough"],
    ///  when a span set one),"x","advance","glyphs":[{"id","cluster","x","y","advance"}]}]}],
    ///  "mentions":[{"start","end","direction"[,"id"],"rects":[{"x","y","width","height"}]}],
    ///  "entities":[{"kind":"mention"|"url"|"email"|"phone"|"hashtag"|"inline","start","end","direction"[,"id"],
    ///  "rects":[{"x","y","width","height"}]}],
    ///  "inlines":[{"start","end"[,"id"],"rect":{"x","y","width","height"}|null}],
    ///  "fallbacks":[{"start","end","source","family","file"}]
    ///  [,"warnings":[{"kind","start","end","detail"}]]}
    /// "id" is the caller's entity id (`TextSpan.id`), written only when there is one; "rects" are
    /// the entity's tap targets (`Entity.rects`), empty when truncation cut it off. "inlines" are the
    /// inline boxes (`TextSpan.inlineBox`; also in "entities", kind "inline"), "rect" the box (null
    /// when truncation cut it off). "warnings" are the text guard's findings (`Layout.findings`),
    /// written only when there are some.
    /// Font files are relative to `fontDirectory` when inside it.
    public func jsonDocument(fontDirectory: String? = nil) -> String {
        var w = JSONWriter(capacity: estimatedJSONBytes)
        writeJSON(into: &w, fontDirectory: fontDirectory, drain: { _ in })
        return w.string
    }

    /// Writes the layout's JSON document (the contract of `jsonDocument(fontDirectory:)`, byte for
    /// byte) to `out` in pieces of about 64 KB: a large layout is never one String.
    package func writeJSON(to out: inout some TextOutputStream, fontDirectory: String? = nil) {
        var w = JSONWriter(capacity: min(estimatedJSONBytes, Self.drainBytes + 4_096))
        writeJSON(into: &w, fontDirectory: fontDirectory) { w in
            out.write(w.string)
            w.removeAll()
        }
        out.write(w.string)
    }

    /// The buffer size past which `writeJSON(into:fontDirectory:drain:)` hands its text on.
    static let drainBytes = 1 << 16

    /// About how many bytes the JSON document takes: 80 a glyph, and 400 a run and a line.
    var estimatedJSONBytes: Int {
        lines.reduce(1_024) { sum, line in sum + 200 + 400 * line.runs.count } + 80 * glyphs.count
    }

    /// Writes the layout's JSON document into `w`, calling `drain` between runs whenever the buffer
    /// holds more than `drainBytes` (`drain` empties it, or not).
    package func writeJSON(into w: inout JSONWriter, fontDirectory: String?, drain: (inout JSONWriter) -> Void) {
        w.raw("{\"version\":1,\"paragraphs\":[")
        for (i, p) in paragraphs.enumerated() {
            w.comma(unless: i == 0)
            w.range(p.range, p.direction, after: "{")
            w.raw("}")
        }
        w.number("],\"size\":{\"width\":", width)
        w.number(",\"height\":", height)
        w.number("},\"contentWidth\":", contentWidth)
        w.raw(",\"truncated\":")
        w.boolean(truncated)
        w.raw(",\"lines\":[")
        // Runs alternate between a few fonts: each file's JSON string is made once a document.
        var files: [(path: String, json: String)] = []
        for (i, line) in lines.enumerated() {
            w.comma(unless: i == 0)
            w.integer("{\"start\":", line.range.lowerBound)
            w.integer(",\"end\":", line.range.upperBound)
            w.number(",\"x\":", line.x)
            w.number(",\"baseline\":", line.baseline)
            w.number(",\"width\":", line.width)
            w.number(",\"ascent\":", line.ascent)
            w.number(",\"descent\":", line.descent)
            w.raw(",\"runs\":[")
            for (j, run) in line.runs.enumerated() {
                w.comma(unless: j == 0)
                Self.writeRun(run, glyphs: glyphs(of: run), into: &w, fontDirectory: fontDirectory, files: &files)
                if w.count > Self.drainBytes { drain(&w) }
            }
            w.raw("]}")
        }
        writeEntityLists(into: &w, fontDirectory: fontDirectory, drain: drain)
    }

    /// The document's end: "mentions", "entities", "inlines", "fallbacks" and, when there are some, "warnings".
    private func writeEntityLists(into w: inout JSONWriter, fontDirectory: String?, drain: (inout JSONWriter) -> Void) {
        w.raw("],\"mentions\":[")
        var first = true
        for m in entities where m.kind == .mention {
            w.comma(unless: first)
            first = false
            Self.writeEntity(m, kind: false, into: &w)
        }
        w.raw("],\"entities\":[")
        for (i, e) in entities.enumerated() {
            w.comma(unless: i == 0)
            Self.writeEntity(e, kind: true, into: &w)
            if w.count > Self.drainBytes { drain(&w) }
        }
        w.raw("],\"inlines\":[")
        first = true
        for box in entities where box.kind == .inlineBox {
            w.comma(unless: first)
            first = false
            w.integer("{\"start\":", box.range.lowerBound)
            w.integer(",\"end\":", box.range.upperBound)
            if let id = box.id {
                w.string(",\"id\":", id)
            }
            w.raw(",\"rect\":")
            if let r = box.rects.first {
                Self.writeRect(r, into: &w)
                w.raw("}")
            } else {
                w.raw("null}")
            }
        }
        w.raw("],\"fallbacks\":[")
        for (i, f) in fallbacks.enumerated() {
            w.comma(unless: i == 0)
            w.integer("{\"start\":", f.range.lowerBound)
            w.integer(",\"end\":", f.range.upperBound)
            w.string(",\"source\":", f.source.label)
            w.string(",\"family\":", f.font.family)
            w.raw(",\"file\":")
            Self.writeFile(f.font.file, fontDirectory, into: &w)
            w.raw("}")
            if w.count > Self.drainBytes { drain(&w) }
        }
        w.raw("]")
        if !findings.isEmpty {
            w.raw(",\"warnings\":")
            FindingsDocument.write(findings, to: &w)
        }
        w.raw("}")
    }

    /// One run as a JSON object, its `glyphs` included; `files` holds the font files of the runs
    /// written before in the document, each with its JSON string.
    static func writeRun(
        _ run: LayoutRun, glyphs: ArraySlice<PositionedGlyph>, into w: inout JSONWriter, fontDirectory: String?, files: inout [(path: String, json: String)]
    ) {
        w.integer("{\"start\":", run.range.lowerBound)
        w.integer(",\"end\":", run.range.upperBound)
        w.integer(",\"level\":", run.level.rawValue)
        w.raw(run.direction == .leftToRight ? ",\"direction\":\"ltr\"" : ",\"direction\":\"rtl\"")
        w.string(",\"script\":", run.script.string)
        w.raw(",\"language\":")
        if let language = run.language { w.string(language.normalized) } else { w.raw("null") }
        w.string(",\"font\":{\"family\":", run.font.family)
        w.integer(",\"weight\":", run.font.weight.value)
        switch run.font.style {
        case .normal: w.raw(",\"style\":\"normal\",\"file\":")
        case .italic: w.raw(",\"style\":\"italic\",\"file\":")
        }
        let path = run.font.file
        if let known = files.firstIndex(where: { $0.path == path }) {
            w.raw(files[known].json)
        } else {
            let json = JSONText.quote(String(file(path, fontDirectory)))
            files.append((path, json))
            w.raw(json)
        }
        writeInstanceFields(run.font, into: &w)
        w.raw("}")
        if run.isEllipsis { w.raw(",\"ellipsis\":true") }
        if run.isInlineBox { w.raw(",\"inline\":true") }
        w.number(",\"size\":", run.size)
        writeStyleFields(run.style, into: &w)
        w.number(",\"x\":", run.x)
        w.number(",\"advance\":", run.advance)
        w.raw(",\"glyphs\":[")
        for (k, glyph) in glyphs.enumerated() {
            w.glyph(id: glyph.id, cluster: glyph.cluster, x: glyph.x, y: glyph.y, advance: glyph.advance, first: k == 0)
        }
        w.raw("]}")
    }

    /// The layout as text, one line per visual run:
    /// `line L run R [start,end) level N ltr|rtl Script language font-file weight x=X [gid=cluster@x,y+advance|…]`
    /// (a truncated line's ellipsis run: `[cut,cut) ellipsis level N …`; an inline box's run:
    /// `[start,end) inline level N …`, one glyph of id 0)
    /// with x and y absolute in px (a run at another size than the options' adds `size=S`, a styled
    /// run `color=#… background=#… decorations=underline,strikethrough` before `x=`), then the first `WarningSummary.limit` fallbacks, one line each, and
    /// a count of the rest. Font files are relative to `fontDirectory` when inside it.
    package func textDump(fontDirectory: String? = nil) -> String {
        var out = ""
        writeText(to: &out, fontDirectory: fontDirectory)
        return out
    }

    /// Writes the layout's text dump (the contract of `textDump(fontDirectory:)`, byte for byte) to
    /// `out` in pieces of about 64 KB.
    package func writeText(to out: inout some TextOutputStream, fontDirectory: String? = nil) {
        // Written into one byte buffer, handed on in pieces of about `drainBytes` between runs.
        var w = JSONWriter(capacity: min(estimatedJSONBytes / 2, Self.drainBytes + 4_096))
        for (l, line) in lines.enumerated() {
            if line.runs.isEmpty {
                w.raw("line \(l) [\(line.range.lowerBound),\(line.range.upperBound)) empty\n")
            }
            for (r, run) in line.runs.enumerated() {
                var header = "line \(l) run \(r) [\(run.range.lowerBound),\(run.range.upperBound))"
                if run.isEllipsis { header += " ellipsis" }
                if run.isInlineBox { header += " inline" }
                header += " level \(run.level) \(run.direction.rawValue)"
                header += " \(run.script) \(run.language?.normalized ?? "-") \(Self.file(run.font.file, fontDirectory)) \(run.font.weight)"
                if run.size != options.size { header += " size=\(JSONText.number(run.size))" }
                header += Self.styleText(run.style)
                header += " x=\(JSONText.number(run.x)) ["
                w.raw(header)
                for (k, glyph) in glyphs(of: run).enumerated() {
                    if k > 0 { w.byte(UInt8(ascii: "|")) }
                    w.integer(glyph.id)
                    w.integer("=", glyph.cluster)
                    w.number("@", glyph.x)
                    w.number(",", glyph.y)
                    w.number("+", glyph.advance)
                }
                w.raw("]\n")
                if w.count > Self.drainBytes {
                    out.write(w.string)
                    w.removeAll()
                }
            }
        }
        out.write(w.string)
        let summary = WarningSummary.lines(
            fallbacks,
            line: { fallback in
                let what = fallback.source == .notdef ? "warning: no font covers" : "fallback: fontconfig serves"
                return "\(what) [\(fallback.range.lowerBound),\(fallback.range.upperBound)) with \(fallback.font.family)"
            },
            more: { count in
                let notdef = fallbacks.dropFirst(WarningSummary.limit).filter { $0.source == .notdef }.count
                return "warning: and \(count) more: \(notdef) that no font covers, \(count - notdef) through fontconfig"
                    + " (the JSON document lists them all)"
            })
        for line in summary { out.write(line + "\n") }
    }

    /// One entity as a JSON object: {["kind",]"start","end","direction"[,"id"],"rects":[{"x","y",
    /// "width","height"}]} (`"kind"` when `kind`; the mentions' list leaves it out).
    package static func writeEntity(_ e: Entity, kind: Bool, to out: inout some TextOutputStream) {
        var w = JSONWriter(capacity: 128 + 64 * e.rects.count)
        writeEntity(e, kind: kind, into: &w)
        out.write(w.string)
    }

    /// `writeEntity(_:kind:to:)` into a JSON buffer.
    static func writeEntity(_ e: Entity, kind: Bool, into w: inout JSONWriter) {
        if kind {
            w.raw("{\"kind\":\"")
            w.raw(e.kind.rawValue)
            w.range(e.range, e.direction, after: "\",")
        } else {
            w.range(e.range, e.direction, after: "{")
        }
        if let id = e.id {
            w.string(",\"id\":", id)
        }
        w.raw(",\"rects\":[")
        for (k, r) in e.rects.enumerated() {
            w.comma(unless: k == 0)
            writeRect(r, into: &w)
        }
        w.raw("]}")
    }

    /// A rectangle as {"x","y","width","height"}.
    static func writeRect(_ r: LayoutRect, into w: inout JSONWriter) {
        w.number("{\"x\":", r.x)
        w.number(",\"y\":", r.y)
        w.number(",\"width\":", r.width)
        w.number(",\"height\":", r.height)
        w.byte(UInt8(ascii: "}"))
    }

    /// A run's style as JSON fields (each with its leading comma), nothing for a plain run.
    static func writeStyleFields(_ style: TextStyle, into w: inout JSONWriter) {
        if let color = style.color {
            w.raw(",\"color\":\"")
            w.raw(color.hex)
            w.raw("\"")
        }
        if let background = style.background {
            w.raw(",\"background\":\"")
            w.raw(background.hex)
            w.raw("\"")
        }
        if !style.decorations.isEmpty {
            w.raw(",\"decorations\":[")
            for (i, name) in style.decorations.names.enumerated() {
                w.comma(unless: i == 0)
                w.string(name)
            }
            w.raw("]")
        }
    }

    /// A font file as a JSON string, relative to `directory` when inside it (`file(_:_:)`).
    static func writeFile(_ path: String, _ directory: String?, into w: inout JSONWriter) {
        w.string(file(path, directory))
    }

    /// A run's style for the text dump (each with its leading space), "" for a plain run.
    static func styleText(_ style: TextStyle) -> String {
        var r = ""
        if let color = style.color { r += " color=\(color.hex)" }
        if let background = style.background { r += " background=\(background.hex)" }
        if !style.decorations.isEmpty { r += " decorations=" + style.decorations.names.joined(separator: ",") }
        return r
    }

    /// `path` relative to `directory` when it is inside it, else `path`.
    static func file(_ path: String, _ directory: String?) -> Substring {
        guard var directory else { return path[...] }
        var path = path
        // Compared as bytes: every run whose font differs from the run before's asks.
        let inside = path.withUTF8 { p in
            directory.withUTF8 { d in
                guard let pBase = p.baseAddress, p.count > d.count, pBase[d.count] == UInt8(ascii: "/") else { return false }
                guard let dBase = d.baseAddress else { return true }
                return memcmp(pBase, dBase, d.count) == 0
            }
        }
        guard inside else { return path[...] }
        return path[path.utf8.index(path.startIndex, offsetBy: directory.utf8.count + 1)...]
    }
}

extension JSONWriter {
    /// Appends `opening`, then `"start":…,"end":…,"direction":"ltr"|"rtl"` (a paragraph's, an
    /// entity's or a reorder paragraph's fields), leaving the object open.
    mutating func range(_ range: Range<Int>, _ direction: TextDirection, after opening: StaticString) {
        raw(opening)
        integer("\"start\":", range.lowerBound)
        integer(",\"end\":", range.upperBound)
        raw(direction == .leftToRight ? ",\"direction\":\"ltr\"" : ",\"direction\":\"rtl\"")
    }
}
