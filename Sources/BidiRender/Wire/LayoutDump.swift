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
    ///  "fallbacks":[{"start","end","source","family","file"}]}
    /// "id" is the caller's entity id (`TextSpan.id`), written only when there is one; "rects" are
    /// the entity's tap targets (`Entity.rects`), empty when truncation cut it off. "inlines" are the
    /// inline boxes (`TextSpan.inlineBox`; also in "entities", kind "inline"), "rect" the box (null
    /// when truncation cut it off).
    /// Font files are relative to `fontDirectory` when inside it.
    public func jsonDocument(fontDirectory: String? = nil) -> String {
        var out = ""
        writeJSON(to: &out, fontDirectory: fontDirectory)
        return out
    }

    /// Writes the layout's JSON document (the contract of `jsonDocument(fontDirectory:)`, byte for
    /// byte) to `out`, one small piece at a time: nothing larger than one run's header is built.
    package func writeJSON(to out: inout some TextOutputStream, fontDirectory: String? = nil) {
        out.write("{\"version\":1,\"paragraphs\":[")
        for (i, p) in paragraphs.enumerated() {
            out.write((i == 0 ? "" : ",") + "{\"start\":\(p.range.lowerBound),\"end\":\(p.range.upperBound),\"direction\":\"\(p.direction.rawValue)\"}")
        }
        out.write("],\"size\":{\"width\":\(JSONText.number(width)),\"height\":\(JSONText.number(height))}")
        out.write(",\"contentWidth\":\(JSONText.number(contentWidth)),\"truncated\":\(truncated),\"lines\":[")
        for (i, line) in lines.enumerated() {
            var l = i == 0 ? "" : ","
            l += "{\"start\":\(line.range.lowerBound),\"end\":\(line.range.upperBound),\"x\":\(JSONText.number(line.x))"
            l += ",\"baseline\":\(JSONText.number(line.baseline)),\"width\":\(JSONText.number(line.width))"
            l += ",\"ascent\":\(JSONText.number(line.ascent)),\"descent\":\(JSONText.number(line.descent)),\"runs\":["
            out.write(l)
            for (j, run) in line.runs.enumerated() {
                var r = j == 0 ? "" : ","
                r += "{\"start\":\(run.range.lowerBound),\"end\":\(run.range.upperBound),\"level\":\(run.level)"
                r += ",\"direction\":\"\(run.direction.rawValue)\",\"script\":\(JSONText.quote(run.script.string))"
                r += ",\"language\":" + (run.language.map { JSONText.quote($0.normalized) } ?? "null")
                r += ",\"font\":{\"family\":\(JSONText.quote(run.font.family)),\"weight\":\(run.font.weight.value)"
                r += ",\"style\":\"\(run.font.style.rawValue)\",\"file\":\(JSONText.quote(Self.file(run.font.file, fontDirectory)))"
                r += Self.instanceFields(run.font) + "}"
                if run.isEllipsis { r += ",\"ellipsis\":true" }
                if run.isInlineBox { r += ",\"inline\":true" }
                r += ",\"size\":\(JSONText.number(run.size))" + Self.styleFields(run.style)
                r += ",\"x\":\(JSONText.number(run.x)),\"advance\":\(JSONText.number(run.advance)),\"glyphs\":["
                out.write(r)
                for (k, glyph) in run.glyphs.enumerated() {
                    out.write(
                        (k == 0 ? "" : ",")
                            + "{\"id\":\(glyph.id),\"cluster\":\(glyph.cluster),\"x\":\(JSONText.number(glyph.x)),\"y\":\(JSONText.number(glyph.y)),\"advance\":\(JSONText.number(glyph.advance))}"
                    )
                }
                out.write("]}")
            }
            out.write("]}")
        }
        out.write("],\"mentions\":[")
        for (i, m) in mentions.enumerated() {
            out.write(i == 0 ? "" : ",")
            Self.writeEntity(m, kind: false, to: &out)
        }
        out.write("],\"entities\":[")
        for (i, e) in entities.enumerated() {
            out.write(i == 0 ? "" : ",")
            Self.writeEntity(e, kind: true, to: &out)
        }
        out.write("],\"inlines\":[")
        for (i, box) in entities.lazy.filter({ $0.kind == .inlineBox }).enumerated() {
            var entry = (i == 0 ? "" : ",") + "{\"start\":\(box.range.lowerBound),\"end\":\(box.range.upperBound)"
            entry += (box.id.map { ",\"id\":" + JSONText.quote($0) } ?? "") + ",\"rect\":"
            if let r = box.rects.first {
                entry += "{\"x\":\(JSONText.number(r.x)),\"y\":\(JSONText.number(r.y)),"
                entry += "\"width\":\(JSONText.number(r.width)),\"height\":\(JSONText.number(r.height))}}"
            } else {
                entry += "null}"
            }
            out.write(entry)
        }
        out.write("],\"fallbacks\":[")
        for (i, f) in fallbacks.enumerated() {
            out.write(
                (i == 0 ? "" : ",")
                    + "{\"start\":\(f.range.lowerBound),\"end\":\(f.range.upperBound),\"source\":\(JSONText.quote(f.source.label)),"
                    + "\"family\":\(JSONText.quote(f.font.family)),\"file\":\(JSONText.quote(Self.file(f.font.file, fontDirectory)))}"
            )
        }
        out.write("]}")
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
    /// `out`, one glyph at a time.
    package func writeText(to out: inout some TextOutputStream, fontDirectory: String? = nil) {
        for (l, line) in lines.enumerated() {
            if line.runs.isEmpty {
                out.write("line \(l) [\(line.range.lowerBound),\(line.range.upperBound)) empty\n")
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
                out.write(header)
                for (k, glyph) in run.glyphs.enumerated() {
                    out.write(
                        (k == 0 ? "" : "|")
                            + "\(glyph.id)=\(glyph.cluster)@\(JSONText.number(glyph.x)),\(JSONText.number(glyph.y))+\(JSONText.number(glyph.advance))"
                    )
                }
                out.write("]\n")
            }
        }
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
        var entry = kind ? "{\"kind\":\"\(e.kind.rawValue)\"," : "{"
        entry += "\"start\":\(e.range.lowerBound),\"end\":\(e.range.upperBound),\"direction\":\"\(e.direction.rawValue)\""
        out.write(entry + (e.id.map { ",\"id\":" + JSONText.quote($0) } ?? "") + ",\"rects\":[")
        for (k, r) in e.rects.enumerated() {
            out.write((k == 0 ? "" : ",") + "{\"x\":\(JSONText.number(r.x)),\"y\":\(JSONText.number(r.y)),")
            out.write("\"width\":\(JSONText.number(r.width)),\"height\":\(JSONText.number(r.height))}")
        }
        out.write("]}")
    }

    /// A run's style as JSON fields (each with its leading comma), "" for a plain run.
    static func styleFields(_ style: TextStyle) -> String {
        var r = ""
        if let color = style.color { r += ",\"color\":\"\(color.hex)\"" }
        if let background = style.background { r += ",\"background\":\"\(background.hex)\"" }
        if !style.decorations.isEmpty {
            r += ",\"decorations\":[" + style.decorations.names.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        }
        return r
    }

    /// A run's style for the text dump (each with its leading space), "" for a plain run.
    static func styleText(_ style: TextStyle) -> String {
        var r = ""
        if let color = style.color { r += " color=\(color.hex)" }
        if let background = style.background { r += " background=\(background.hex)" }
        if !style.decorations.isEmpty { r += " decorations=" + style.decorations.names.joined(separator: ",") }
        return r
    }

    static func file(_ path: String, _ directory: String?) -> String {
        guard let directory, path.hasPrefix(directory + "/") else { return path }
        return String(path.dropFirst(directory.count + 1))
    }
}
