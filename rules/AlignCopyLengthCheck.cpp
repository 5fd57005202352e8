// align-copy-length: DataCopy moves whole 32-byte blocks. With a count, the
// length count * sizeof(T) must be a multiple of 32 bytes, otherwise the
// hardware silently rounds it down (AscendC DataCopy doc, ascendc-api.md
// §2.6). DataCopyPad takes byte lengths: blockLen must be a multiple of
// sizeof(T) and at most 2097151 (DataCopyExtParams doc).
#include "rules/Checks.h"

namespace alint {

void AlignCopyLengthCheck::run(CheckContext &ctx) const {
  for (const Op &op : ctx.kernel.ops) {
    if (op.kind != OpKind::DataCopy || op.params.count("nddma"))
      continue;
    auto elemIt = op.params.find("elemBytes");
    int64_t elem = elemIt != op.params.end() ? asConst(elemIt->second).value_or(0) : 0;
    std::vector<Sym> base = ctx.contextAt(op.cond, op.loops);
    if (op.api == "DataCopy" && op.params.count("count")) {
      Sym len = op.params.at("lengthBytes");
      ProofItem item;
      item.ob.check = id();
      item.ob.property = mkCmp(SymOp::Eq, mkBin(SymOp::Rem, len, mkConst(32), IntType::math()), mkConst(0));
      item.ob.context = base;
      item.ob.report = {{"len", len}};
      item.loc = op.loc;
      std::string lenS = toString(len);
      item.message = [lenS](const Verdict &v) {
        auto it = v.reportValues.find("len");
        std::string val = it != v.reportValues.end() ? std::to_string(it->second) + " bytes" : lenS;
        if (v.status == Status::Unknown)
          return "DataCopy length " + lenS + " could not be checked: " + v.reason;
        std::string head = v.status == Status::Violated ? "DataCopy length " + val + " is not"
                                                        : "DataCopy length " + lenS + " bytes may not be";
        return head + " a multiple of 32 bytes; the hardware silently drops the tail" +
               (v.status == Status::Counterexample ? " (e.g. " + val + ")" : std::string());
      };
      item.hint = "use DataCopyPad for lengths that are not whole 32-byte blocks, or assume the tiling "
                  "keeps count * sizeof(T) a multiple of 32";
      ctx.prove(std::move(item));
      continue;
    }
    if (op.api == "DataCopyPad" && op.params.count("blockLen")) {
      Sym bl = op.params.at("blockLen");
      ProofItem item;
      item.ob.check = id();
      Sym prop = mkCmp(SymOp::Le, bl, mkConst(2097151));
      if (elem > 1)
        prop = mkAnd(prop, mkCmp(SymOp::Eq, mkBin(SymOp::Rem, bl, mkConst(elem), IntType::math()), mkConst(0)));
      item.ob.property = prop;
      item.ob.context = base;
      item.ob.report = {{"blockLen", bl}};
      item.loc = op.loc;
      std::string blS = toString(bl);
      item.message = [blS, elem](const Verdict &v) {
        auto it = v.reportValues.find("blockLen");
        std::string val = it != v.reportValues.end() ? std::to_string(it->second) : blS;
        if (v.status == Status::Unknown)
          return "DataCopyPad blockLen " + blS + " could not be checked: " + v.reason;
        return std::string("DataCopyPad blockLen ") + (v.status == Status::Violated ? "" : "may be ") + val +
               " bytes: it must be a multiple of sizeof(T) = " + std::to_string(elem) + " and at most 2097151";
      };
      item.hint = "DataCopyPad takes blockLen in bytes (DataCopyExtParams)";
      ctx.prove(std::move(item));
    }
  }
}

} // namespace alint
