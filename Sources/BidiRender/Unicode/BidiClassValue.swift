// BidiClassValue: the raw value of each BidiClass under its UAX #9 short name, for the code that works
// on bytes of classes (the resolvers, the FriBidi engine, P1–P3, the loaders). Declared once, here.

/// `BidiClass` raw values named by their UAX #9 short aliases (Table 4).
enum BidiClassValue {
    static let L = BidiClass.leftToRight.rawValue
    static let R = BidiClass.rightToLeft.rawValue
    static let AL = BidiClass.arabicLetter.rawValue
    static let EN = BidiClass.europeanNumber.rawValue
    static let ES = BidiClass.europeanSeparator.rawValue
    static let ET = BidiClass.europeanTerminator.rawValue
    static let AN = BidiClass.arabicNumber.rawValue
    static let CS = BidiClass.commonSeparator.rawValue
    static let NSM = BidiClass.nonspacingMark.rawValue
    static let BN = BidiClass.boundaryNeutral.rawValue
    static let B = BidiClass.paragraphSeparator.rawValue
    static let S = BidiClass.segmentSeparator.rawValue
    static let WS = BidiClass.whiteSpace.rawValue
    static let ON = BidiClass.otherNeutral.rawValue
    static let LRE = BidiClass.leftToRightEmbedding.rawValue
    static let LRO = BidiClass.leftToRightOverride.rawValue
    static let RLE = BidiClass.rightToLeftEmbedding.rawValue
    static let RLO = BidiClass.rightToLeftOverride.rawValue
    static let PDF = BidiClass.popDirectionalFormat.rawValue
    static let LRI = BidiClass.leftToRightIsolate.rawValue
    static let RLI = BidiClass.rightToLeftIsolate.rawValue
    static let FSI = BidiClass.firstStrongIsolate.rawValue
    static let PDI = BidiClass.popDirectionalIsolate.rawValue
}
