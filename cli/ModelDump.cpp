#include "cli/ModelDump.h"

#include "checker/graph/SyncGraph.h"

#include <sstream>

namespace alint {

using nlohmann::json;

static const char *opKindName(OpKind k) {
  switch (k) {
  case OpKind::DataCopy:
    return "DataCopy";
  case OpKind::Vector:
    return "Vector";
  case OpKind::Cube:
    return "Cube";
  case OpKind::LoadData:
    return "LoadData";
  case OpKind::Fixpipe:
    return "Fixpipe";
  case OpKind::ScalarRead:
    return "ScalarRead";
  case OpKind::ScalarWrite:
    return "ScalarWrite";
  case OpKind::SetFlag:
    return "SetFlag";
  case OpKind::WaitFlag:
    return "WaitFlag";
  case OpKind::Barrier:
    return "Barrier";
  case OpKind::EnQue:
    return "EnQue";
  case OpKind::DeQue:
    return "DeQue";
  case OpKind::AllocTensor:
    return "AllocTensor";
  case OpKind::FreeTensor:
    return "FreeTensor";
  case OpKind::CrossCoreSet:
    return "CrossCoreSet";
  case OpKind::CrossCoreWait:
    return "CrossCoreWait";
  case OpKind::SyncAll:
    return "SyncAll";
  case OpKind::Unmodelled:
    return "Unmodelled";
  }
  return "?";
}

static const char *bufferKindName(Buffer::Kind k) {
  switch (k) {
  case Buffer::Kind::Queue:
    return "queue";
  case Buffer::Kind::TBuf:
    return "tbuf";
  case Buffer::Kind::BufPool:
    return "bufpool";
  case Buffer::Kind::Raw:
    return "raw";
  case Buffer::Kind::Memory:
    return "memory";
  }
  return "?";
}

static std::string str(const Sym &s) { return s ? toString(s) : std::string("?"); }
static std::string where(const SourceLoc &l) { return l.file + ":" + std::to_string(l.line); }

static json regionJson(const KernelModel &k, const Region &r) {
  std::string buf = r.bufferId < 0 ? "?"
                    : r.global     ? (r.bufferId < int(k.globals.size()) ? k.globals[r.bufferId].name : "?")
                                   : (r.bufferId < int(k.buffers.size()) ? k.buffers[r.bufferId].name : "?");
  json j = {{"role", r.role},
            {"access", r.write ? "write" : "read"},
            {"memory", r.global ? "GM" : std::string(tposName(r.pos))},
            {"buffer", buf},
            {"bufferId", r.bufferId},
            {"offsetBytes", str(r.offsetBytes)},
            {"lengthBytes", r.lengthBytes ? json(toString(r.lengthBytes)) : json(nullptr)}};
  if (r.slot)
    j["slot"] = toString(r.slot);
  return j;
}

json dumpModelJson(const KernelModel &k, const model::TargetSpec &t, bool autoSync) {
  json bufs = json::array();
  for (const Buffer &b : k.buffers) {
    json j = {{"id", b.id},
              {"name", b.name},
              {"kind", bufferKindName(b.kind)},
              {"position", std::string(tposName(b.memPos))},
              {"count", str(b.num)},
              {"lengthBytes", str(b.lenBytes)},
              {"condition", str(b.cond)},
              {"loops", b.loops},
              {"location", where(b.loc)}};
    if (b.baseBytes)
      j["addressBytes"] = toString(b.baseBytes);
    if (auto m = t.memoryOf(b.memPos))
      j["memory"] = std::string(memName(*m));
    bufs.push_back(j);
  }
  json globs = json::array();
  for (const GlobalBuf &g : k.globals)
    globs.push_back({{"id", g.id},
                     {"name", g.name},
                     {"argument", g.root},
                     {"baseOffsetBytes", str(g.baseOffsetBytes)},
                     {"sizeElements", g.sizeElems ? json(toString(g.sizeElems)) : json(nullptr)},
                     {"elementBytes", g.elemBytes},
                     {"location", where(g.loc)}});
  json ops = json::array();
  for (const Op &op : k.ops) {
    json j = {{"id", op.id},
              {"kind", opKindName(op.kind)},
              {"api", op.api},
              {"pipe", std::string(pipeName(op.pipe))},
              {"core", op.core ? json(std::string(coreTypeName(*op.core))) : json(nullptr)},
              {"condition", str(op.cond)},
              {"loops", op.loops},
              {"location", where(op.loc)}};
    json regs = json::array();
    for (const Region &r : op.regions)
      regs.push_back(regionJson(k, r));
    j["regions"] = regs;
    if (op.event)
      j["event"] = std::string(hardEventName(*op.event));
    if (op.eventId)
      j["eventId"] = toString(op.eventId);
    json params = json::object();
    for (auto &[n, v] : op.params)
      params[n] = str(v);
    if (!params.empty())
      j["params"] = params;
    if (!op.unknownReason.empty())
      j["unknown"] = op.unknownReason;
    ops.push_back(j);
  }
  json loops = json::array();
  for (const Loop &l : k.loops)
    loops.push_back({{"id", l.id},
                     {"parent", l.parent},
                     {"variable", str(l.var)},
                     {"from", str(l.lo)},
                     {"to", str(l.hi)},
                     {"step", str(l.step)},
                     {"location", where(l.loc)}});
  json edges = json::array();
  SyncOptions so;
  so.autoSync = autoSync;
  SyncGraph g = buildSyncGraph(k, t, so);
  for (size_t i = 0; i < g.seq.size(); ++i) {
    const SeqOp &s = g.seq[i];
    if (s.sync == SeqOp::Sync::Set && s.match >= 0)
      edges.push_back({{"from", s.op},
                       {"to", g.seq[s.match].op},
                       {"kind", s.implicit ? "queue" : "flag"},
                       {"event", s.event ? json(std::string(hardEventName(*s.event))) : json(s.queueKey)}});
  }
  json matmuls = json::array();
  for (const MatmulObj &m : k.matmuls) {
    json tiling = json::object();
    for (const auto &[f, v] : m.tiling)
      tiling[f] = str(v);
    json j = {{"name", m.name},
              {"tiling", tiling},
              {"aBits", m.aBits},
              {"bBits", m.bBits},
              {"cBits", m.cBits},
              {"biasBits", m.biasBits},
              {"aTrans", m.aTrans},
              {"bTrans", m.bTrans},
              {"mixed", m.mixed},
              {"config", m.config},
              {"condition", str(m.cond)},
              {"location", where(m.loc)},
              {"hostGetTilingLine", m.hostGetTilingLine},
              {"hostConfigType", m.hostConfigType}};
    if (!m.unknownReason.empty())
      j["unknown"] = m.unknownReason;
    matmuls.push_back(j);
  }
  json unknowns = json::array();
  for (const UnknownNote &u : k.unknowns)
    unknowns.push_back({{"reason", u.reason}, {"location", where(u.loc)}});
  return {{"kernel", k.name},         {"target", t.name},
          {"location", where(k.loc)}, {"buffers", bufs},
          {"globals", globs},         {"ops", ops},
          {"loops", loops},           {"syncEdges", edges},
          {"notModelled", unknowns},  {"incomplete", k.incomplete},
          {"matmuls", matmuls}};
}

std::string dumpModelText(const KernelModel &k, const model::TargetSpec &t, bool autoSync) {
  json j = dumpModelJson(k, t, autoSync);
  std::ostringstream os;
  os << "kernel " << k.name << " (" << t.name << ") at " << where(k.loc) << "\n";
  if (!k.incomplete.empty())
    os << "  incomplete: " << k.incomplete << "\n";
  for (const json &b : j["buffers"]) {
    os << "  buffer #" << b["id"].get<int>() << " " << b["name"].get<std::string>() << ": "
       << b["kind"].get<std::string>() << " " << b["position"].get<std::string>() << " "
       << b["count"].get<std::string>() << " x " << b["lengthBytes"].get<std::string>() << " bytes";
    if (b.contains("addressBytes"))
      os << " at " << b["addressBytes"].get<std::string>();
    os << " if " << b["condition"].get<std::string>() << " (" << b["location"].get<std::string>() << ")\n";
  }
  for (const json &g : j["globals"])
    os << "  global #" << g["id"].get<int>() << " " << g["name"].get<std::string>() << ": "
       << g["argument"].get<std::string>() << " + " << g["baseOffsetBytes"].get<std::string>() << ", "
       << (g["sizeElements"].is_null() ? std::string("no size") : g["sizeElements"].get<std::string>() + " elements")
       << " (" << g["location"].get<std::string>() << ")\n";
  for (const json &l : j["loops"])
    os << "  loop #" << l["id"].get<int>() << " " << l["variable"].get<std::string>() << " in ["
       << l["from"].get<std::string>() << ", " << l["to"].get<std::string>() << ") step "
       << l["step"].get<std::string>() << " (" << l["location"].get<std::string>() << ")\n";
  for (const json &o : j["ops"]) {
    os << "  op #" << o["id"].get<int>() << " " << o["kind"].get<std::string>() << " " << o["api"].get<std::string>()
       << " pipe " << o["pipe"].get<std::string>();
    if (!o["core"].is_null())
      os << " core " << o["core"].get<std::string>();
    if (o.contains("event"))
      os << " event " << o["event"].get<std::string>();
    if (o.contains("eventId"))
      os << " id " << o["eventId"].get<std::string>();
    os << " (" << o["location"].get<std::string>() << ")\n";
    for (const json &r : o["regions"])
      os << "      " << r["access"].get<std::string>() << " " << r["role"].get<std::string>() << ": "
         << r["buffer"].get<std::string>() << " [" << r["memory"].get<std::string>() << "] + "
         << r["offsetBytes"].get<std::string>() << ", "
         << (r["lengthBytes"].is_null() ? std::string("? bytes") : r["lengthBytes"].get<std::string>() + " bytes")
         << (r.contains("slot") ? ", slot " + r["slot"].get<std::string>() : std::string()) << "\n";
    if (o["condition"].get<std::string>() != "true")
      os << "      if " << o["condition"].get<std::string>() << "\n";
    if (!o["loops"].empty()) {
      os << "      in loops";
      for (const json &l : o["loops"])
        os << " #" << l.get<int>();
      os << "\n";
    }
    if (o.contains("unknown"))
      os << "      unknown: " << o["unknown"].get<std::string>() << "\n";
  }
  for (const json &e : j["syncEdges"])
    os << "  sync edge: op #" << e["from"].get<int>() << " -> op #" << e["to"].get<int>() << " ("
       << e["kind"].get<std::string>() << " " << e["event"].get<std::string>() << ")\n";
  for (const json &u : j["notModelled"])
    os << "  not modelled: " << u["reason"].get<std::string>() << " (" << u["location"].get<std::string>() << ")\n";
  return os.str();
}

} // namespace alint
