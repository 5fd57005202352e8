// The hierarchy model: every value of every built-in target is pinned here,
// so a change to checker/model/targets/*.json must be deliberate. The values
// and their provenance are in shared/reference/hardware.md.
#include "checker/model/Target.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace alint;
using namespace alint::model;

namespace {

constexpr CoreType AIC = CoreType::AIC;
constexpr CoreType AIV = CoreType::AIV;
const std::optional<CoreType> BOTH = std::nullopt;
constexpr uint64_t KiB = 1024;

const TargetSpec &target(const std::string &name) {
  const TargetSpec *t = findBuiltinTarget(name);
  REQUIRE(t != nullptr);
  return *t;
}

struct MemExp {
  Mem mem;
  uint64_t capacity;
  uint64_t usable;
  uint32_t align;
  std::optional<CoreType> core;
  bool allocatable;
};

void checkMemories(const TargetSpec &t, const std::vector<MemExp> &exp) {
  INFO(t.name);
  REQUIRE(t.memories.size() == exp.size());
  for (const MemExp &e : exp) {
    INFO(memName(e.mem));
    const MemorySpec *m = t.memory(e.mem);
    REQUIRE(m != nullptr);
    CHECK(m->mem == e.mem);
    CHECK(m->capacityBytes == e.capacity);
    CHECK(m->usableBytes == e.usable);
    CHECK(m->alignBytes == e.align);
    CHECK(m->core == e.core);
    CHECK(m->allocatable == e.allocatable);
  }
}

void checkPositions(const TargetSpec &t, const std::map<TPos, Mem> &exp) {
  INFO(t.name);
  CHECK(t.positions == exp);
  for (const auto &[p, m] : exp) {
    INFO(tposName(p));
    CHECK(t.memoryOf(p) == m);
  }
}

struct PathExp {
  Mem src, dst;
  Pipe pipe;
  std::optional<CoreType> core;
  bool hardware;
  std::optional<HardEvent> fwd, bwd;
  std::optional<uint32_t> bandwidth;
};

const std::optional<HardEvent> NOEV = std::nullopt;
const std::optional<uint32_t> NOBW = std::nullopt;

void checkPaths(const TargetSpec &t, const std::vector<PathExp> &exp) {
  INFO(t.name);
  REQUIRE(t.paths.size() == exp.size());
  for (const PathExp &e : exp) {
    INFO(memName(e.src) << "->" << memName(e.dst));
    const PathSpec *p = t.findPath(e.src, e.dst);
    REQUIRE(p != nullptr);
    CHECK(p->pipe == e.pipe);
    CHECK(p->core == e.core);
    CHECK(p->hardware == e.hardware);
    CHECK(p->queueForward == e.fwd);
    CHECK(p->queueBackward == e.bwd);
    CHECK(p->bandwidthBytesPerCycle == e.bandwidth);
    CHECK_FALSE(p->apis.empty());
    CHECK(t.findIllegal(e.src, e.dst) == nullptr);
  }
}

struct IllegalExp {
  Mem src, dst;
  std::string reason; // exact text
};

void checkIllegal(const TargetSpec &t, const std::vector<IllegalExp> &exp) {
  INFO(t.name);
  REQUIRE(t.illegalPaths.size() == exp.size());
  for (const IllegalExp &e : exp) {
    INFO(memName(e.src) << "->" << memName(e.dst));
    const IllegalPathSpec *p = t.findIllegal(e.src, e.dst);
    REQUIRE(p != nullptr);
    CHECK(p->reason == e.reason);
    CHECK(t.findPath(e.src, e.dst) == nullptr);
  }
}

std::set<HardEvent> allEvents() {
  std::set<HardEvent> s;
  for (int i = 0; i < static_cast<int>(HardEvent::MAX); ++i)
    s.insert(static_cast<HardEvent>(i));
  return s;
}

std::set<HardEvent> without(std::set<HardEvent> s, const std::set<HardEvent> &drop) {
  for (HardEvent e : drop)
    s.erase(e);
  return s;
}

using E = HardEvent;
using M = Mem;
using P = Pipe;
using T = TPos;

const std::set<HardEvent> kAic2201 = {E::MTE2_MTE1, E::MTE1_MTE2, E::MTE1_M,   E::M_MTE1,   E::MTE3_MTE1, E::MTE1_MTE3,
                                      E::MTE2_M,    E::M_MTE2,    E::M_FIX,    E::FIX_M,    E::MTE3_MTE2, E::MTE2_MTE3,
                                      E::S_MTE2,    E::MTE2_S,    E::S_MTE3,   E::MTE3_S,   E::MTE2_FIX,  E::FIX_MTE2,
                                      E::FIX_S,     E::M_S,       E::FIX_MTE3, E::MTE1_FIX, E::FIX_MTE1,  E::FIX_FIX};
const std::set<HardEvent> kAiv = {E::MTE2_V, E::V_MTE2, E::MTE3_V, E::V_MTE3, E::V_V,    E::MTE3_MTE2, E::MTE2_MTE3,
                                  E::S_V,    E::V_S,    E::S_MTE2, E::MTE2_S, E::S_MTE3, E::MTE3_S};
const std::set<HardEvent> kAic3510 = {E::MTE2_MTE1, E::MTE1_MTE2, E::MTE1_M,   E::M_MTE1,   E::MTE2_M,   E::M_MTE2,
                                      E::M_FIX,     E::FIX_M,     E::S_MTE2,   E::MTE2_S,   E::MTE2_FIX, E::FIX_MTE2,
                                      E::FIX_S,     E::M_S,       E::MTE1_FIX, E::FIX_MTE1, E::FIX_FIX};
const std::set<HardEvent> kCubeVectorErrors = {E::M_V, E::V_M, E::MTE1_V, E::V_MTE1};
const std::set<HardEvent> kFixEvents = {E::M_FIX,    E::FIX_M,    E::MTE2_FIX, E::FIX_MTE2, E::FIX_S,
                                        E::FIX_MTE3, E::MTE1_FIX, E::FIX_MTE1, E::FIX_FIX};

const std::map<TPos, Mem> kPos2201 = {{T::GM, M::GM},  {T::A1, M::L1},    {T::A2, M::L0A},      {T::B1, M::L1},
                                      {T::B2, M::L0B}, {T::C1, M::L1},    {T::C2, M::BT},       {T::CO1, M::L0C},
                                      {T::CO2, M::GM}, {T::VECIN, M::UB}, {T::VECOUT, M::UB},   {T::VECCALC, M::UB},
                                      {T::SPM, M::GM}, {T::TSCM, M::L1},  {T::C2PIPE2GM, M::FB}};

// 910B and 910_93 share NPU arch 2201 and every value but the names.
void check2201(const TargetSpec &t) {
  CHECK(t.npuArch == 2201);
  CHECK(t.cceAicore == 220);
  CHECK(t.compilerArchs == std::vector<std::string>{"dav-c220", "dav-c220-vec", "dav-c220-cube"});
  CHECK(t.socVersion == "ASCEND910B");
  CHECK(t.splitCores);

  checkMemories(t, {
                       {M::GM, 0, 0, 1, BOTH, true},
                       {M::UB, 192 * KiB, 192 * KiB - 256, 32, AIV, true},
                       {M::L1, 512 * KiB, 512 * KiB - 256, 32, AIC, true},
                       {M::L0A, 64 * KiB, 64 * KiB, 512, AIC, true},
                       {M::L0B, 64 * KiB, 64 * KiB, 512, AIC, true},
                       {M::L0C, 128 * KiB, 128 * KiB, 64, AIC, true},
                       {M::BT, 1 * KiB, 1 * KiB, 64, AIC, true},
                       {M::FB, 2 * KiB, 2 * KiB, 128, AIC, false},
                   });
  CHECK(t.memory(M::UB)->capacityBytes == 196608);
  CHECK(t.memory(M::UB)->usableBytes == 196352);
  CHECK(t.memory(M::L1)->usableBytes == 524032);
  CHECK(t.memory(M::UB)->notes.find("8 KB") != std::string::npos);
  CHECK(t.memory(M::SSBUF) == nullptr);

  checkPositions(t, kPos2201);
  CHECK_FALSE(t.memoryOf(T::C2PIPE2LOCAL).has_value());

  CHECK(t.pipes.at(AIC) == std::set<Pipe>{P::S, P::MTE1, P::MTE2, P::MTE3, P::M, P::FIX});
  CHECK(t.pipes.at(AIV) == std::set<Pipe>{P::S, P::V, P::MTE2, P::MTE3});
  CHECK(t.hasPipe(AIC, P::MTE3));
  CHECK_FALSE(t.hasPipe(AIV, P::M));

  checkPaths(t, {
                    {M::GM, M::UB, P::MTE2, AIV, true, E::MTE2_V, E::V_MTE2, NOBW},
                    {M::UB, M::GM, P::MTE3, AIV, true, E::V_MTE3, E::MTE3_V, NOBW},
                    {M::UB, M::UB, P::V, AIV, true, E::MTE2_MTE3, E::MTE3_MTE2, NOBW},
                    {M::GM, M::L1, P::MTE2, AIC, true, E::MTE2_MTE1, E::MTE1_MTE2, NOBW},
                    {M::GM, M::L0A, P::MTE2, AIC, true, E::MTE2_M, E::M_MTE2, NOBW},
                    {M::GM, M::L0B, P::MTE2, AIC, true, E::MTE2_M, E::M_MTE2, NOBW},
                    {M::L1, M::L0A, P::MTE1, AIC, true, E::MTE1_M, E::M_MTE1, 256u},
                    {M::L1, M::L0B, P::MTE1, AIC, true, E::MTE1_M, E::M_MTE1, 128u},
                    {M::L1, M::BT, P::MTE1, AIC, true, E::MTE1_M, E::M_MTE1, NOBW},
                    {M::L1, M::FB, P::FIX, AIC, true, E::MTE1_FIX, E::FIX_MTE1, NOBW},
                    {M::L0A, M::L0C, P::M, AIC, true, NOEV, NOEV, NOBW},
                    {M::L0B, M::L0C, P::M, AIC, true, NOEV, NOEV, NOBW},
                    {M::BT, M::L0C, P::M, AIC, true, NOEV, NOEV, NOBW},
                    {M::L0C, M::GM, P::FIX, AIC, true, E::M_FIX, E::FIX_M, NOBW},
                    {M::L0C, M::L1, P::FIX, AIC, true, NOEV, NOEV, NOBW},
                    {M::L1, M::GM, P::MTE3, AIC, true, NOEV, NOEV, NOBW},
                    {M::UB, M::L1, P::MTE3, AIV, false, NOEV, NOEV, NOBW},
                });
  checkIllegal(t, {
                      {M::L1, M::UB,
                       "DataCopy L1→UB is not supported on NPU arch 2201; the L1→UB "
                       "path exists only on Ascend 950"},
                      {M::L0C, M::UB,
                       "Fixpipe L0C→UB exists only on Ascend 950 (NPU arch 2201 has no "
                       "FIX→UB path): write L0C to GM and copy GM→UB"},
                      {M::GM, M::L0C, "no GM→L0C path: L0C is written only by Mmad (PIPE_M)"},
                      {M::UB, M::L0A,
                       "no UB→L0A path: the vector core cannot write cube buffers; "
                       "stage through GM→L1"},
                      {M::UB, M::L0B,
                       "no UB→L0B path: the vector core cannot write cube buffers; "
                       "stage through GM→L1"},
                  });

  CHECK(t.events.idCount == 8);
  CHECK(t.events.reservedIds == std::set<uint32_t>{6, 7});
  CHECK(t.events.legal.at(AIC) == kAic2201);
  CHECK(t.events.legal.at(AIV) == kAiv);
  CHECK(t.events.legal.at(AIC).size() == 24);
  CHECK(t.events.legal.at(AIV).size() == 13);
  CHECK(t.events.errorEvents == kCubeVectorErrors);
  CHECK(t.events.errorReason.find("NPU arch 2201") != std::string::npos);
  CHECK(t.isEventLegal(AIC, E::MTE3_MTE1));
  CHECK_FALSE(t.isEventLegal(AIV, E::MTE3_MTE1));
  CHECK(t.isErrorEvent(E::V_MTE1));
  CHECK_FALSE(t.isErrorEvent(E::V_V));

  const CrossCoreSpec &cc = t.crossCore;
  CHECK(cc.supported);
  CHECK(cc.userFlagMin == 0);
  CHECK(cc.userFlagMax == 10);
  CHECK(cc.hwFlagCount == 16);
  CHECK(cc.reservedFlags == std::set<uint32_t>{11, 12, 13, 14, 15});
  CHECK(cc.reservedFlagReasons.size() == 5);
  CHECK(cc.maxPendingSets == 15);
  CHECK(cc.modes == std::set<uint32_t>{0, 1, 2});

  REQUIRE(t.ubBanks.has_value());
  CHECK(t.ubBanks->bankGroups == 16);
  CHECK(t.ubBanks->banksPerGroup == 3);
  CHECK(t.ubBanks->rowBytes == 32);
  CHECK(t.ubBanks->periodBytes == 0);
  CHECK(t.ubBanks->groupFormula == "(addr>>5)&15");
  CHECK(t.ubBanks->bankFormula == "((addr>>5)&15)+16*(addr>>16)");
  // bank_conflict_ub README (asc-devkit@82b89a1): UB_ADDR[17:0] = {BANK[1:0], ..., BG[3:0], WIDTH[4:0]};
  // two reads in one group conflict, a read and a write in one bank.
  CHECK(t.ubBanks->bankShift == std::optional<uint32_t>(16));
  CHECK(t.ubBanks->readRead == "group");
  CHECK(t.ubBanks->readWrite == "bank");
  CHECK(t.ubBanks->writeWrite == "group");
  CHECK_FALSE(t.simt.has_value()); // no SIMT unit before 950

  CHECK_FALSE(t.hasNdDma);
}

// Every piece of text a target carries for provenance and messages.
void checkSources(const TargetSpec &t) {
  INFO(t.name);
  CHECK_FALSE(t.source.empty());
  CHECK_FALSE(t.positionsSource.empty());
  CHECK_FALSE(t.pipesSource.empty());
  CHECK_FALSE(t.ndDmaSource.empty());
  CHECK_FALSE(t.events.source.empty());
  CHECK_FALSE(t.crossCore.source.empty());
  if (!t.events.errorEvents.empty())
    CHECK_FALSE(t.events.errorReason.empty());
  for (const auto &[m, ms] : t.memories) {
    INFO(memName(m));
    CHECK_FALSE(ms.source.empty());
  }
  for (const PathSpec &p : t.paths) {
    INFO(memName(p.src) << "->" << memName(p.dst));
    CHECK_FALSE(p.source.empty());
  }
  for (const IllegalPathSpec &p : t.illegalPaths) {
    INFO(memName(p.src) << "-/->" << memName(p.dst));
    CHECK_FALSE(p.source.empty());
    CHECK_FALSE(p.reason.empty());
  }
  for (uint32_t f : t.crossCore.reservedFlags) {
    INFO("flag " << f);
    REQUIRE(t.crossCore.reservedFlagReasons.count(f) == 1);
    CHECK_FALSE(t.crossCore.reservedFlagReasons.at(f).empty());
  }
  if (t.ubBanks)
    CHECK_FALSE(t.ubBanks->source.empty());
  if (t.simt)
    CHECK_FALSE(t.simt->source.empty());
}

TEST_CASE("system workspace: what GetUserWorkspace skips on each target, sourced", "[model]") {
  // asc-devkit impl/basic_api/utils/kernel_utils_constants.h RESERVED_WORKSPACE
  // per __NPU_ARCH__ (2201, 3510: 16 MiB; 2002: 2 MiB), as the host's
  // GetLibApiWorkSpaceSize returns it (platform_ascendc.cpp). 310B (3002):
  // the kernel reserves 16 MiB, the host reports 2 MiB: not given.
  std::map<std::string, int64_t> want = {{"ascend910b", 16 << 20},
                                         {"ascend910_93", 16 << 20},
                                         {"ascend950", 16 << 20},
                                         {"ascend310p", 2 << 20},
                                         {"ascend310b", -1}};
  for (const TargetSpec &t : builtinTargets()) {
    INFO(t.name);
    REQUIRE(want.count(t.name));
    CHECK(t.reservedWorkspaceBytes == want[t.name]);
    CHECK(t.reservedWorkspaceSource.empty() == (t.reservedWorkspaceBytes < 0));
  }
}

// Field-wise equality, with the field named on failure.
void requireSame(const TargetSpec &a, const TargetSpec &b) {
  INFO(a.name);
  CHECK(a.name == b.name);
  CHECK(a.aliases == b.aliases);
  CHECK(a.npuArch == b.npuArch);
  CHECK(a.cceAicore == b.cceAicore);
  CHECK(a.compilerArchs == b.compilerArchs);
  CHECK(a.socVersion == b.socVersion);
  CHECK(a.splitCores == b.splitCores);
  CHECK(a.maxAicCores == b.maxAicCores);
  CHECK(a.maxAivCores == b.maxAivCores);
  CHECK(a.coreCountSource == b.coreCountSource);
  CHECK(a.reservedWorkspaceBytes == b.reservedWorkspaceBytes);
  CHECK(a.reservedWorkspaceSource == b.reservedWorkspaceSource);
  CHECK(a.source == b.source);
  REQUIRE(a.memories.size() == b.memories.size());
  for (const auto &[m, x] : a.memories) {
    INFO(memName(m));
    REQUIRE(b.memories.count(m) == 1);
    const MemorySpec &y = b.memories.at(m);
    CHECK(x.mem == y.mem);
    CHECK(x.capacityBytes == y.capacityBytes);
    CHECK(x.usableBytes == y.usableBytes);
    CHECK(x.alignBytes == y.alignBytes);
    CHECK(x.core == y.core);
    CHECK(x.allocatable == y.allocatable);
    CHECK(x.notes == y.notes);
    CHECK(x.source == y.source);
  }
  CHECK(a.positions == b.positions);
  CHECK(a.positionsSource == b.positionsSource);
  CHECK(a.pipes == b.pipes);
  CHECK(a.pipesSource == b.pipesSource);
  REQUIRE(a.paths.size() == b.paths.size());
  for (size_t i = 0; i < a.paths.size(); ++i) {
    const PathSpec &x = a.paths[i], &y = b.paths[i];
    INFO("paths[" << i << "]");
    CHECK(x.src == y.src);
    CHECK(x.dst == y.dst);
    CHECK(x.pipe == y.pipe);
    CHECK(x.core == y.core);
    CHECK(x.hardware == y.hardware);
    CHECK(x.apis == y.apis);
    CHECK(x.queueForward == y.queueForward);
    CHECK(x.queueBackward == y.queueBackward);
    CHECK(x.bandwidthBytesPerCycle == y.bandwidthBytesPerCycle);
    CHECK(x.notes == y.notes);
    CHECK(x.source == y.source);
  }
  REQUIRE(a.illegalPaths.size() == b.illegalPaths.size());
  for (size_t i = 0; i < a.illegalPaths.size(); ++i) {
    const IllegalPathSpec &x = a.illegalPaths[i], &y = b.illegalPaths[i];
    INFO("illegal_paths[" << i << "]");
    CHECK(x.src == y.src);
    CHECK(x.dst == y.dst);
    CHECK(x.reason == y.reason);
    CHECK(x.source == y.source);
  }
  CHECK(a.events.idCount == b.events.idCount);
  CHECK(a.events.reservedIds == b.events.reservedIds);
  CHECK(a.events.legal == b.events.legal);
  CHECK(a.events.errorEvents == b.events.errorEvents);
  CHECK(a.events.errorReason == b.events.errorReason);
  CHECK(a.events.source == b.events.source);
  const CrossCoreSpec &x = a.crossCore, &y = b.crossCore;
  CHECK(x.supported == y.supported);
  CHECK(x.userFlagMin == y.userFlagMin);
  CHECK(x.userFlagMax == y.userFlagMax);
  CHECK(x.hwFlagCount == y.hwFlagCount);
  CHECK(x.reservedFlags == y.reservedFlags);
  CHECK(x.reservedFlagReasons == y.reservedFlagReasons);
  CHECK(x.maxPendingSets == y.maxPendingSets);
  CHECK(x.modes == y.modes);
  CHECK(x.source == y.source);
  REQUIRE(a.ubBanks.has_value() == b.ubBanks.has_value());
  if (a.ubBanks) {
    CHECK(a.ubBanks->bankGroups == b.ubBanks->bankGroups);
    CHECK(a.ubBanks->banksPerGroup == b.ubBanks->banksPerGroup);
    CHECK(a.ubBanks->rowBytes == b.ubBanks->rowBytes);
    CHECK(a.ubBanks->periodBytes == b.ubBanks->periodBytes);
    CHECK(a.ubBanks->groupFormula == b.ubBanks->groupFormula);
    CHECK(a.ubBanks->bankFormula == b.ubBanks->bankFormula);
    CHECK(a.ubBanks->bankShift == b.ubBanks->bankShift);
    CHECK(a.ubBanks->readRead == b.ubBanks->readRead);
    CHECK(a.ubBanks->readWrite == b.ubBanks->readWrite);
    CHECK(a.ubBanks->writeWrite == b.ubBanks->writeWrite);
    CHECK(a.ubBanks->source == b.ubBanks->source);
  }
  REQUIRE(a.simt.has_value() == b.simt.has_value());
  if (a.simt) {
    CHECK(a.simt->dcacheMinBytes == b.simt->dcacheMinBytes);
    CHECK(a.simt->dcacheMaxBytes == b.simt->dcacheMaxBytes);
    CHECK(a.simt->source == b.simt->source);
  }
  CHECK(a.hasNdDma == b.hasNdDma);
  CHECK(a.ndDmaSource == b.ndDmaSource);
}

} // namespace

// --- enums
// ------------------------------------------------------------------------

TEST_CASE("pipe names round-trip", "[model][enums]") {
  const std::vector<std::pair<Pipe, const char *>> pipes = {
      {P::S, "PIPE_S"},       {P::V, "PIPE_V"},       {P::M, "PIPE_M"},     {P::MTE1, "PIPE_MTE1"},
      {P::MTE2, "PIPE_MTE2"}, {P::MTE3, "PIPE_MTE3"}, {P::ALL, "PIPE_ALL"}, {P::MTE4, "PIPE_MTE4"},
      {P::MTE5, "PIPE_MTE5"}, {P::V2, "PIPE_V2"},     {P::FIX, "PIPE_FIX"}};
  for (const auto &[p, n] : pipes) {
    CHECK(pipeName(p) == n);
    CHECK(parsePipe(n) == p);
    CHECK(parsePipe(std::string(n).substr(5)) == p);
  }
  CHECK(parsePipe("MTE2") == P::MTE2);
  CHECK(parsePipe("ALL") == P::ALL);
  CHECK_FALSE(parsePipe("PIPE_X").has_value());
  CHECK_FALSE(parsePipe("").has_value());
  CHECK_FALSE(parsePipe("pipe_v").has_value());
}

TEST_CASE("TPosition names round-trip", "[model][enums]") {
  for (int i = 0; i < static_cast<int>(TPos::MAX); ++i) {
    auto p = static_cast<TPos>(i);
    CHECK(parseTPos(tposName(p)) == p);
  }
  CHECK(tposName(T::VECIN) == "VECIN");
  CHECK(tposName(T::C2PIPE2GM) == "C2PIPE2GM");
  CHECK(parseTPos("LCM") == T::VECCALC);
  CHECK(parseTPos("SHM") == T::SPM);
  CHECK(parseTPos("VECCALC") == T::VECCALC);
  CHECK_FALSE(parseTPos("MAX").has_value());
  CHECK_FALSE(parseTPos("vecin").has_value());
}

TEST_CASE("HardEvent names round-trip and name their pipes", "[model][enums]") {
  for (HardEvent e : allEvents()) {
    std::string n(hardEventName(e));
    CHECK(parseHardEvent(n) == e);
    auto [a, b] = hardEventPipes(e);
    size_t us = n.find('_');
    REQUIRE(us != std::string::npos);
    CHECK(parsePipe(n.substr(0, us)) == a);
    CHECK(parsePipe(n.substr(us + 1)) == b);
  }
  CHECK(hardEventName(E::MTE2_V) == "MTE2_V");
  CHECK(hardEventName(E::FIX_FIX) == "FIX_FIX");
  CHECK(hardEventPipes(E::MTE2_V) == std::make_pair(P::MTE2, P::V));
  CHECK(hardEventPipes(E::M_FIX) == std::make_pair(P::M, P::FIX));
  CHECK(hardEventPipes(E::V_V) == std::make_pair(P::V, P::V));
  CHECK(hardEventPipes(E::MTE1_MTE3) == std::make_pair(P::MTE1, P::MTE3));
  CHECK(allEvents().size() == 35);
  CHECK_FALSE(parseHardEvent("FIX_V").has_value());
  CHECK_FALSE(parseHardEvent("MTE2_CUBE").has_value());
}

TEST_CASE("memory and core-type names round-trip", "[model][enums]") {
  const std::vector<std::pair<Mem, const char *>> mems = {{M::GM, "GM"},   {M::UB, "UB"},   {M::L1, "L1"},
                                                          {M::L0A, "L0A"}, {M::L0B, "L0B"}, {M::L0C, "L0C"},
                                                          {M::BT, "BT"},   {M::FB, "FB"},   {M::SSBUF, "SSBUF"}};
  for (const auto &[m, n] : mems) {
    CHECK(memName(m) == n);
    CHECK(parseMem(n) == m);
  }
  CHECK(parseMem("BIAS") == M::BT);
  CHECK(parseMem("FIXBUF") == M::FB);
  CHECK_FALSE(parseMem("L2").has_value());
  CHECK_FALSE(parseMem("Unknown").has_value());
  CHECK(coreTypeName(AIC) == "aic");
  CHECK(coreTypeName(AIV) == "aiv");
  CHECK(parseCoreType("aic") == AIC);
  CHECK(parseCoreType("aiv") == AIV);
  CHECK_FALSE(parseCoreType("cube").has_value());
}

// --- the built-in targets
// -----------------------------------------------------------

TEST_CASE("built-in targets come in a fixed order and are found by alias", "[model]") {
  const auto &ts = builtinTargets();
  REQUIRE(ts.size() == 5);
  CHECK(ts[0].name == "ascend910b");
  CHECK(ts[1].name == "ascend910_93");
  CHECK(ts[2].name == "ascend310b");
  CHECK(ts[3].name == "ascend310p");
  CHECK(ts[4].name == "ascend950");
  CHECK(&builtinTargets() == &ts); // parsed once

  CHECK(findBuiltinTarget("ascend910b") == &ts[0]);
  CHECK(findBuiltinTarget("ASCEND910B") == &ts[0]);
  CHECK(findBuiltinTarget("Ascend910B1") == &ts[0]);
  CHECK(findBuiltinTarget("ascend910b4_1") == &ts[0]);
  CHECK(findBuiltinTarget("Ascend910_9392") == &ts[1]);
  CHECK(findBuiltinTarget("Ascend310B4") == &ts[2]);
  CHECK(findBuiltinTarget("Ascend310P3") == &ts[3]);
  CHECK(findBuiltinTarget("ascend950pr") == &ts[4]);
  CHECK(findBuiltinTarget("Ascend910_95") == &ts[4]);
  CHECK(findBuiltinTarget("ascend910") == nullptr);
  CHECK(findBuiltinTarget("") == nullptr);
}

TEST_CASE("ascend910b: every value", "[model]") {
  const TargetSpec &t = target("ascend910b");
  CHECK(t.name == "ascend910b");
  CHECK(t.aliases == std::vector<std::string>{"Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3",
                                              "Ascend910B4", "Ascend910B4_1", "Atlas A2"});
  check2201(t);
}

TEST_CASE("ascend910_93: every value", "[model]") {
  const TargetSpec &t = target("ascend910_93");
  CHECK(t.name == "ascend910_93");
  CHECK(t.aliases == std::vector<std::string>{"Ascend910_9362", "Ascend910_9363", "Ascend910_9372", "Ascend910_9381",
                                              "Ascend910_9382", "Ascend910_9391", "Ascend910_9392", "Atlas A3"});
  check2201(t);
  CHECK(t.memory(M::UB)->source.find("NPUTargetSpec.td:165-175") != std::string::npos);
}

TEST_CASE("ascend310b: every value", "[model]") {
  const TargetSpec &t = target("ascend310b");
  CHECK(t.name == "ascend310b");
  CHECK(t.aliases ==
        std::vector<std::string>{"Ascend310B1", "Ascend310B2", "Ascend310B3", "Ascend310B4", "Atlas 200I/500 A2"});
  CHECK(t.npuArch == 3002);
  CHECK(t.cceAicore == 300);
  CHECK(t.compilerArchs == std::vector<std::string>{"dav-m300"});
  CHECK(t.socVersion == "ASCEND310B");
  CHECK_FALSE(t.splitCores);

  checkMemories(t, {
                       {M::GM, 0, 0, 1, BOTH, true},
                       {M::UB, 256 * KiB, 248 * KiB, 32, BOTH, true},
                       {M::L1, 1024 * KiB, 1024 * KiB, 32, BOTH, true},
                       {M::L0A, 64 * KiB, 64 * KiB, 512, BOTH, true},
                       {M::L0B, 64 * KiB, 64 * KiB, 512, BOTH, true},
                       {M::L0C, 128 * KiB, 128 * KiB, 64, BOTH, true},
                       {M::BT, 1 * KiB, 1 * KiB, 64, BOTH, true},
                       {M::FB, 7 * KiB, 7 * KiB, 64, BOTH, false},
                   });
  CHECK(t.memory(M::UB)->usableBytes == 253952);

  std::map<TPos, Mem> pos = kPos2201;
  pos[T::SPM] = M::L1; // GetPhyType; C1→L1 and CO2→GM follow the code
  checkPositions(t, pos);
  CHECK(t.memoryOf(T::C1) == M::L1);
  CHECK(t.memoryOf(T::CO2) == M::GM);

  const std::set<Pipe> all = {P::S, P::V, P::M, P::MTE1, P::MTE2, P::MTE3, P::FIX};
  CHECK(t.pipes.at(AIC) == all);
  CHECK(t.pipes.at(AIV) == all);

  checkPaths(t, {
                    {M::GM, M::UB, P::MTE2, BOTH, true, E::MTE2_V, E::V_MTE2, NOBW},
                    {M::UB, M::GM, P::MTE3, BOTH, true, E::V_MTE3, E::MTE3_V, NOBW},
                    {M::UB, M::UB, P::V, BOTH, true, NOEV, NOEV, NOBW},
                    {M::GM, M::L1, P::MTE2, BOTH, true, E::MTE2_MTE1, E::MTE1_MTE2, NOBW},
                    {M::L1, M::L0A, P::MTE1, BOTH, true, E::MTE1_M, E::M_MTE1, NOBW},
                    {M::L1, M::L0B, P::MTE1, BOTH, true, E::MTE1_M, E::M_MTE1, NOBW},
                    {M::L1, M::BT, P::MTE1, BOTH, true, E::MTE1_M, E::M_MTE1, NOBW},
                    {M::L0A, M::L0C, P::M, BOTH, true, NOEV, NOEV, NOBW},
                    {M::L0B, M::L0C, P::M, BOTH, true, NOEV, NOEV, NOBW},
                    {M::L0C, M::GM, P::FIX, BOTH, true, E::M_FIX, E::FIX_M, NOBW},
                    {M::L0C, M::UB, P::FIX, BOTH, true, E::M_FIX, E::FIX_M, NOBW},
                });
  checkIllegal(t, {
                      {M::GM, M::L0A,
                       "no GM→L0A path on Ascend 310B (asc_copy_gm2l0a is A2/A3 only): "
                       "load through L1"},
                      {M::GM, M::L0B,
                       "no GM→L0B path on Ascend 310B (asc_copy_gm2l0b is A2/A3 only): "
                       "load through L1"},
                      {M::UB, M::L1, "DataCopy UB→L1 is not supported on Ascend 310B"},
                      {M::L1, M::GM, "DataCopy L1→GM is not supported on Ascend 310B (A2/A3 only)"},
                      {M::L0C, M::L1,
                       "no Fixpipe L0C→L1 on NPU arch 3002: the L0C destination must be "
                       "GM or UB"},
                      {M::GM, M::L0C, "no GM→L0C path: L0C is written only by Mmad (PIPE_M)"},
                  });

  CHECK(t.events.idCount == 8);
  CHECK(t.events.reservedIds == std::set<uint32_t>{6, 7});
  const auto legal = without(allEvents(), {E::V_V});
  CHECK(legal.size() == 34);
  CHECK(t.events.legal.at(AIC) == legal);
  CHECK(t.events.legal.at(AIV) == legal);
  CHECK(t.events.errorEvents == std::set<HardEvent>{E::V_V});
  CHECK(t.events.errorReason.find("assert") != std::string::npos);

  CHECK_FALSE(t.crossCore.supported);
  CHECK(t.crossCore.userFlagMin == 0);
  CHECK(t.crossCore.userFlagMax == 0);
  CHECK(t.crossCore.hwFlagCount == 0);
  CHECK(t.crossCore.maxPendingSets == 0);
  CHECK(t.crossCore.reservedFlags.empty());
  CHECK(t.crossCore.modes.empty());

  CHECK_FALSE(t.ubBanks.has_value());
  CHECK_FALSE(t.hasNdDma);
}

TEST_CASE("ascend310p: every value", "[model]") {
  const TargetSpec &t = target("ascend310p");
  CHECK(t.name == "ascend310p");
  CHECK(t.aliases == std::vector<std::string>{"Ascend310P1", "Ascend310P3", "Ascend610"});
  CHECK(t.npuArch == 2002);
  CHECK(t.cceAicore == 200);
  CHECK(t.compilerArchs == std::vector<std::string>{"dav-m200", "dav-m200-vec", "dav-2002"});
  CHECK(t.socVersion == "ASCEND310P");
  CHECK_FALSE(t.splitCores);

  checkMemories(t, {
                       {M::GM, 0, 0, 1, BOTH, true},
                       {M::UB, 256 * KiB, 248 * KiB, 32, BOTH, true},
                       {M::L1, 1024 * KiB, 1024 * KiB, 32, BOTH, true},
                       {M::L0A, 64 * KiB, 64 * KiB, 512, BOTH, true},
                       {M::L0B, 64 * KiB, 64 * KiB, 512, BOTH, true},
                       {M::L0C, 256 * KiB, 256 * KiB, 64, BOTH, true},
                   });
  CHECK(t.memory(M::BT) == nullptr);
  CHECK(t.memory(M::FB) == nullptr);

  checkPositions(t, {{T::GM, M::GM},
                     {T::A1, M::L1},
                     {T::A2, M::L0A},
                     {T::B1, M::L1},
                     {T::B2, M::L0B},
                     {T::C1, M::UB},
                     {T::C2, M::L0C},
                     {T::CO1, M::L0C},
                     {T::CO2, M::UB},
                     {T::VECIN, M::UB},
                     {T::VECOUT, M::UB},
                     {T::VECCALC, M::UB},
                     {T::SPM, M::L1},
                     {T::TSCM, M::L1}});
  CHECK_FALSE(t.memoryOf(T::C2PIPE2GM).has_value());

  const std::set<Pipe> all = {P::S, P::V, P::M, P::MTE1, P::MTE2, P::MTE3};
  CHECK(t.pipes.at(AIC) == all);
  CHECK(t.pipes.at(AIV) == all);
  CHECK_FALSE(t.hasPipe(AIC, P::FIX));

  checkPaths(t, {
                    {M::GM, M::UB, P::MTE2, BOTH, true, E::MTE2_V, E::V_MTE2, NOBW},
                    {M::UB, M::GM, P::MTE3, BOTH, true, E::V_MTE3, E::MTE3_V, NOBW},
                    {M::UB, M::UB, P::V, BOTH, true, E::MTE2_MTE3, E::MTE3_MTE2, NOBW},
                    {M::GM, M::L1, P::MTE2, BOTH, true, E::MTE2_MTE1, E::MTE1_MTE2, NOBW},
                    {M::GM, M::L0A, P::MTE2, BOTH, true, E::MTE2_M, E::M_MTE2, NOBW},
                    {M::GM, M::L0B, P::MTE2, BOTH, true, E::MTE2_M, E::M_MTE2, NOBW},
                    {M::L1, M::L0A, P::MTE1, BOTH, true, E::MTE1_M, E::M_MTE1, NOBW},
                    {M::L1, M::L0B, P::MTE1, BOTH, true, E::MTE1_M, E::M_MTE1, NOBW},
                    {M::L1, M::UB, P::MTE1, BOTH, true, E::MTE1_V, E::V_MTE1, NOBW},
                    {M::UB, M::L1, P::MTE3, BOTH, true, E::MTE3_MTE1, E::MTE1_MTE3, NOBW},
                    {M::L0A, M::L0C, P::M, BOTH, true, NOEV, NOEV, NOBW},
                    {M::L0B, M::L0C, P::M, BOTH, true, NOEV, NOEV, NOBW},
                    {M::L0C, M::UB, P::V, BOTH, true, E::M_V, E::V_M, NOBW},
                    {M::UB, M::L0C, P::V, BOTH, true, E::V_V, NOEV, NOBW},
                });
  checkIllegal(t, {
                      {M::L0C, M::GM,
                       "no Fixpipe on NPU arch 2002: copy L0C→UB (DataCopy CO1→CO2), "
                       "then UB→GM"},
                      {M::L0C, M::L1,
                       "no Fixpipe on NPU arch 2002: copy L0C→UB (DataCopy CO1→CO2) "
                       "instead"},
                      {M::L1, M::BT, "Ascend 310P has no BiasTable (bias lives in L0C, TPosition C2)"},
                      {M::L1, M::FB, "Ascend 310P has no Fixpipe buffer"},
                      {M::GM, M::L0C,
                       "no GM→L0C path: L0C is written by Mmad (PIPE_M) or from UB "
                       "(C1→C2)"},
                  });

  CHECK(t.events.idCount == 8);
  CHECK(t.events.reservedIds.empty());
  const auto legal = without(allEvents(), kFixEvents);
  CHECK(legal.size() == 26);
  CHECK(t.events.legal.at(AIC) == legal);
  CHECK(t.events.legal.at(AIV) == legal);
  CHECK(t.events.errorEvents == kFixEvents);
  CHECK(t.events.errorReason.find("PIPE_FIX") != std::string::npos);

  CHECK_FALSE(t.crossCore.supported);
  CHECK(t.crossCore.userFlagMax == 0);
  CHECK(t.crossCore.hwFlagCount == 0);
  CHECK(t.crossCore.maxPendingSets == 0);
  CHECK(t.crossCore.reservedFlags.empty());
  CHECK(t.crossCore.modes.empty());

  CHECK_FALSE(t.ubBanks.has_value());
  CHECK_FALSE(t.hasNdDma);
}

TEST_CASE("ascend950: every value", "[model]") {
  const TargetSpec &t = target("ascend950");
  CHECK(t.name == "ascend950");
  CHECK(t.aliases == std::vector<std::string>{"Ascend950PR", "Ascend950DT", "Ascend910_95", "Ascend910_950z",
                                              "Ascend910_9599", "A5"});
  CHECK(t.npuArch == 3510);
  CHECK(t.cceAicore == 310);
  CHECK(t.compilerArchs == std::vector<std::string>{"dav-c310", "dav-c310-vec", "dav-c310-cube", "dav-3510"});
  CHECK(t.socVersion == "ASCEND950");
  CHECK(t.splitCores);

  checkMemories(t, {
                       {M::GM, 0, 0, 1, BOTH, true},
                       {M::UB, 256 * KiB, 248 * KiB, 32, AIV, true},
                       {M::L1, 512 * KiB, 512 * KiB, 32, AIC, true},
                       {M::L0A, 64 * KiB, 64 * KiB, 512, AIC, true},
                       {M::L0B, 64 * KiB, 64 * KiB, 512, AIC, true},
                       {M::L0C, 256 * KiB, 256 * KiB, 64, AIC, true},
                       {M::BT, 4 * KiB, 4 * KiB, 64, AIC, true},
                       {M::FB, 4 * KiB, 4 * KiB, 64, AIC, false},
                       {M::SSBUF, 1 * KiB, 1 * KiB, 8, BOTH, true},
                   });
  CHECK(t.memory(M::UB)->capacityBytes == 262144);
  CHECK(t.memory(M::UB)->usableBytes == 253952);
  CHECK(t.memory(M::L0C)->capacityBytes == 262144);

  checkPositions(t, kPos2201); // same mapping as 2201 (SPM→GM per the doc)

  CHECK(t.pipes.at(AIC) == std::set<Pipe>{P::S, P::MTE1, P::MTE2, P::M, P::FIX});
  CHECK(t.pipes.at(AIV) == std::set<Pipe>{P::S, P::V, P::MTE2, P::MTE3});
  CHECK_FALSE(t.hasPipe(AIC, P::MTE3));

  checkPaths(t, {
                    {M::GM, M::UB, P::MTE2, AIV, true, E::MTE2_V, E::V_MTE2, NOBW},
                    {M::UB, M::GM, P::MTE3, AIV, true, E::V_MTE3, E::MTE3_V, NOBW},
                    {M::UB, M::UB, P::V, AIV, true, E::MTE2_MTE3, E::MTE3_MTE2, NOBW},
                    {M::UB, M::L1, P::MTE3, AIV, true, E::MTE3_MTE1, E::MTE1_MTE3, 128u},
                    {M::GM, M::L1, P::MTE2, AIC, true, E::MTE2_MTE1, E::MTE1_MTE2, NOBW},
                    {M::L1, M::L0A, P::MTE1, AIC, true, E::MTE1_M, E::M_MTE1, 256u},
                    {M::L1, M::L0B, P::MTE1, AIC, true, E::MTE1_M, E::M_MTE1, 256u},
                    {M::L1, M::BT, P::MTE1, AIC, true, E::MTE1_M, E::M_MTE1, NOBW},
                    {M::L1, M::FB, P::FIX, AIC, true, E::MTE1_FIX, E::FIX_MTE1, NOBW},
                    {M::L1, M::UB, P::MTE1, AIC, true, E::MTE1_V, E::V_MTE1, 128u},
                    {M::L0A, M::L0C, P::M, AIC, true, NOEV, NOEV, NOBW},
                    {M::L0B, M::L0C, P::M, AIC, true, NOEV, NOEV, NOBW},
                    {M::BT, M::L0C, P::M, AIC, true, NOEV, NOEV, NOBW},
                    {M::L0C, M::GM, P::FIX, AIC, true, E::M_FIX, E::FIX_M, NOBW},
                    {M::L0C, M::L1, P::FIX, AIC, true, E::M_FIX, E::FIX_M, 128u},
                    {M::L0C, M::UB, P::FIX, AIC, true, NOEV, NOEV, 128u},
                });
  checkIllegal(t, {
                      {M::GM, M::L0A, "removed on Ascend 950 (NPU arch 3510): load through L1"},
                      {M::GM, M::L0B, "removed on Ascend 950 (NPU arch 3510): load through L1"},
                      {M::L1, M::GM,
                       "removed on Ascend 950 (NPU arch 3510): DataCopy L1→GM is not "
                       "supported; move the data out through L0C (Fixpipe) or UB"},
                      {M::GM, M::L0C, "no GM→L0C path: L0C is written only by Mmad (PIPE_M)"},
                      {M::UB, M::L0A,
                       "no UB→L0A path on Ascend 950 (S003's UB→L0A via MTE2 is not in "
                       "the IR or AscendC): stage through UB→L1"},
                      {M::UB, M::L0B,
                       "no UB→L0B path on Ascend 950 (S003's UB→L0B via MTE2 is not in "
                       "the IR or AscendC): stage through UB→L1"},
                  });

  CHECK(t.events.idCount == 8);
  CHECK(t.events.reservedIds == std::set<uint32_t>{6, 7});
  CHECK(t.events.legal.at(AIC) == kAic3510);
  CHECK(t.events.legal.at(AIC).size() == 17);
  CHECK(t.events.legal.at(AIV) == kAiv);
  CHECK(t.events.errorEvents == kCubeVectorErrors);
  CHECK(t.events.errorReason.find("NPU arch 3510") != std::string::npos);
  // Dropped on 950: both pipes are not on one core.
  for (HardEvent e : {E::MTE3_MTE1, E::MTE1_MTE3, E::FIX_MTE3}) {
    CHECK_FALSE(t.isEventLegal(AIC, e));
    CHECK_FALSE(t.isEventLegal(AIV, e));
  }

  const CrossCoreSpec &cc = t.crossCore;
  CHECK(cc.supported);
  CHECK(cc.userFlagMin == 0);
  CHECK(cc.userFlagMax == 10);
  CHECK(cc.hwFlagCount == 16);
  CHECK(cc.reservedFlags == std::set<uint32_t>{11, 12, 13, 14, 15});
  CHECK(cc.reservedFlagReasons.at(11) == "used by SyncAll");
  CHECK(cc.maxPendingSets == 15);
  CHECK(cc.modes == std::set<uint32_t>{0, 1, 2, 4});

  REQUIRE(t.ubBanks.has_value());
  CHECK(t.ubBanks->bankGroups == 8);
  CHECK(t.ubBanks->banksPerGroup == 2);
  CHECK(t.ubBanks->rowBytes == 32);
  CHECK(t.ubBanks->periodBytes == 512);
  CHECK(t.ubBanks->groupFormula == "(addr>>5)&7");
  CHECK(t.ubBanks->bankFormula == "(addr>>8)&1");
  // 3510 bank doc: UB_ADDR[18:0] = {BANK_DEPTH[8:0], BANK[0], BG[2:0], BANK_WIDTH[4:0]}; two reads conflict
  // only in the same bank (hardware.md §2.2, X11; S000's "+256 B is the same bank" is wrong).
  CHECK(t.ubBanks->bankShift == std::optional<uint32_t>(8));
  CHECK(t.ubBanks->readRead == "bank");
  CHECK(t.ubBanks->readWrite == "bank");
  CHECK(t.ubBanks->writeWrite == "group");
  // SIMD/SIMT mixed kernels: Data Cache = min(256K - static - dynamic - 8K, 128K) >= 32K (asc-devkit
  // SIMT-API 编程模型 "UB划分"; S000 §2.8); with the minimum, 248K - 32K = 216K for buffers, the top of
  // the IR's SIMD window [128K, 216K] (PlanMemory.cpp:2855-2895; hardware.md §1).
  REQUIRE(t.simt.has_value());
  CHECK(t.simt->dcacheMinBytes == 32 * 1024);
  CHECK(t.simt->dcacheMaxBytes == 128 * 1024);
  CHECK(t.memory(Mem::UB)->usableBytes - t.simt->dcacheMinBytes == 216 * 1024);

  CHECK(t.hasNdDma);
}

TEST_CASE("every built-in value has a source", "[model]") {
  for (const TargetSpec &t : builtinTargets())
    checkSources(t);
}

TEST_CASE("built-in targets are consistent with themselves", "[model]") {
  for (const TargetSpec &t : builtinTargets()) {
    INFO(t.name);
    // Every position maps to a declared memory; every path's pipe runs on
    // its core; legal and error events are disjoint; legal events use
    // pipes of their core.
    for (const auto &[p, m] : t.positions)
      CHECK(t.memory(m) != nullptr);
    for (const PathSpec &p : t.paths) {
      CHECK(t.memory(p.src) != nullptr);
      CHECK(t.memory(p.dst) != nullptr);
      if (p.core)
        CHECK(t.hasPipe(*p.core, p.pipe));
    }
    for (const auto &[c, evs] : t.events.legal)
      for (HardEvent e : evs) {
        auto [a, b] = hardEventPipes(e);
        CHECK(t.hasPipe(c, a));
        CHECK(t.hasPipe(c, b));
        CHECK_FALSE(t.isErrorEvent(e));
      }
    for (uint32_t id : t.events.reservedIds)
      CHECK(id < t.events.idCount);
    // Split chips name the core of every on-chip memory; coupled ones none.
    for (const auto &[m, ms] : t.memories)
      if (m != M::GM && m != M::SSBUF)
        CHECK(ms.core.has_value() == t.splitCores);
    // NDDMA and the L0C→UB Fixpipe exist only on 950.
    CHECK(t.hasNdDma == (t.name == "ascend950"));
  }
}

TEST_CASE("UB capacity facts the checks rely on", "[model]") {
  // Three double-buffered 64 KiB queues never fit.
  const uint64_t threeQueues = 3 * 2 * 64 * KiB;
  CHECK(threeQueues == 393216);
  for (const TargetSpec &t : builtinTargets()) {
    INFO(t.name);
    REQUIRE(t.memory(M::UB) != nullptr);
    CHECK(threeQueues > t.memory(M::UB)->usableBytes);
  }
  // 216 KiB fits 950 but not 910B.
  const uint64_t k216 = 216 * KiB;
  CHECK(k216 == 221184);
  CHECK(k216 > target("ascend910b").memory(M::UB)->usableBytes);
  CHECK(k216 > target("ascend910_93").memory(M::UB)->usableBytes);
  CHECK(k216 <= target("ascend950").memory(M::UB)->usableBytes);
}

TEST_CASE("porting facts between 910B and 950", "[model]") {
  const TargetSpec &b = target("ascend910b");
  const TargetSpec &d = target("ascend950");
  CHECK(b.findPath(M::L0C, M::UB) == nullptr);
  CHECK(d.findPath(M::L0C, M::UB) != nullptr);
  CHECK(b.findPath(M::GM, M::L0A) != nullptr);
  CHECK(d.findIllegal(M::GM, M::L0A) != nullptr);
  CHECK(b.findPath(M::L1, M::GM) != nullptr);
  CHECK(d.findIllegal(M::L1, M::GM) != nullptr);
  CHECK(b.findPath(M::UB, M::L1)->hardware == false);
  CHECK(d.findPath(M::UB, M::L1)->hardware == true);
  CHECK(b.findPath(M::L1, M::UB) == nullptr);
  CHECK(d.findPath(M::L1, M::UB) != nullptr);
}

// --- the loader
// ---------------------------------------------------------------------

TEST_CASE("targetToJson round-trips every built-in target", "[model][loader]") {
  for (const TargetSpec &t : builtinTargets()) {
    std::string text = targetToJson(t);
    std::string err;
    auto back = parseTarget(text, t.name + ".json", err);
    INFO(err);
    REQUIRE(back.has_value());
    CHECK(err.empty());
    requireSame(t, *back);
    CHECK(targetToJson(*back) == text);
  }
}

TEST_CASE("a user target file can extend a built-in one", "[model][loader]") {
  auto j = nlohmann::json::parse(targetToJson(target("ascend950")));
  j["name"] = "my950";
  j["aliases"] = nlohmann::json::array();
  j["memories"]["UB"]["usable_bytes"] = 262144;
  std::string err;
  auto t = parseTarget(j.dump(), "my950.json", err);
  INFO(err);
  REQUIRE(t.has_value());
  CHECK(t->name == "my950");
  CHECK(t->memory(M::UB)->usableBytes == 262144);
  // Optional keys may be left out.
  j.erase("aliases");
  j.erase("ub_banks");
  j["paths"][0].erase("apis");
  j["paths"][0].erase("hardware");
  t = parseTarget(j.dump(), "my950.json", err);
  INFO(err);
  REQUIRE(t.has_value());
  CHECK(t->aliases.empty());
  CHECK_FALSE(t->ubBanks.has_value());
  CHECK(t->paths[0].hardware);
  CHECK(t->paths[0].apis.empty());
}

namespace {

// The 910B target as mutable JSON.
nlohmann::json base910b() { return nlohmann::json::parse(targetToJson(target("ascend910b"))); }

std::string loadErrorText(const std::string &text) {
  std::string err;
  auto t = parseTarget(text, "x.json", err);
  CHECK_FALSE(t.has_value());
  CHECK(err.find('\n') == std::string::npos);
  return err;
}

std::string loadError(const nlohmann::json &j) { return loadErrorText(j.dump()); }

} // namespace

TEST_CASE("broken target files give a one-line error naming the key", "[model][loader]") {
  SECTION("invalid JSON") {
    std::string e = loadErrorText("{\"name\": ");
    CHECK(e.rfind("x.json: line 1, column 10: invalid JSON: ", 0) == 0);
    CHECK(loadErrorText("").rfind("x.json: line 1, column 1: invalid JSON: ", 0) == 0);
  }
  SECTION("not an object") { CHECK(loadErrorText("[1, 2]") == "x.json: (root): expected an object, got an array"); }
  SECTION("duplicate key") {
    auto j = base910b();
    std::string text = j.dump();
    text.insert(1, "\"name\": \"dup\", ");
    CHECK(loadErrorText(text) == "x.json: name: duplicate key");
    std::string nested = R"({"memories": {"UB": {"align_bytes": 32, "align_bytes": 64}}})";
    CHECK(loadErrorText(nested) == "x.json: memories.UB.align_bytes: duplicate key");
  }
  SECTION("unknown key") {
    auto j = base910b();
    j["colour"] = "red";
    CHECK(loadError(j).rfind("x.json: colour: unknown key (expected one of: "
                             "schema_version, name,",
                             0) == 0);
    j = base910b();
    j["memories"]["UB"]["usable_byte"] = 1;
    CHECK(loadError(j).rfind("x.json: memories.UB.usable_byte: unknown key", 0) == 0);
  }
  SECTION("missing required key") {
    auto j = base910b();
    j.erase("npu_arch");
    CHECK(loadError(j) == "x.json: npu_arch: missing required key");
    j = base910b();
    j["memories"]["L0A"].erase("source");
    CHECK(loadError(j) == "x.json: memories.L0A.source: missing required key");
    j = base910b();
    j["memories"].erase("GM");
    CHECK(loadError(j) == "x.json: memories.GM: missing required memory");
  }
  SECTION("wrong type") {
    auto j = base910b();
    j["memories"]["UB"]["capacity_bytes"] = "192K";
    CHECK(loadError(j) == "x.json: memories.UB.capacity_bytes: expected a "
                          "non-negative integer, got a string");
    j = base910b();
    j["npu_arch"] = 2201.5;
    CHECK(loadError(j) == "x.json: npu_arch: expected a non-negative integer, "
                          "got a floating-point number");
    j = base910b();
    j["memories"]["FB"]["allocatable"] = "no";
    CHECK(loadError(j) == "x.json: memories.FB.allocatable: expected a boolean, got a string");
  }
  SECTION("bank rules") {
    auto j = base910b();
    j["ub_banks"]["read_read"] = "row";
    CHECK(loadError(j) == "x.json: ub_banks.read_read: expected \"group\" or \"bank\", got 'row'");
    j = base910b();
    j["ub_banks"]["bank_shift"] = 8; // 2^8 < 32 B rows x 16 groups
    CHECK(loadError(j).rfind("x.json: ub_banks.bank_shift: bank_shift 8 must select bits above", 0) == 0);
    j = base910b();
    j["ub_banks"].erase("bank_shift");
    CHECK(loadError(j) == "x.json: ub_banks.read_write: \"bank\" needs bank_shift");
    j = base910b();
    j["ub_banks"]["bank_groups"] = 12;
    CHECK(loadError(j).rfind("x.json: ub_banks.bank", 0) == 0);
  }
  SECTION("simt") {
    auto j = nlohmann::json::parse(targetToJson(target("ascend950")));
    j["simt"]["dcache_min_bytes"] = 256 * 1024;
    CHECK(loadError(j).rfind("x.json: simt.dcache_min_bytes: dcache_min_bytes 262144 exceeds", 0) == 0);
    j = nlohmann::json::parse(targetToJson(target("ascend950")));
    j["simt"].erase("source");
    CHECK(loadError(j) == "x.json: simt.source: missing required key");
  }
  SECTION("negative size") {
    auto j = base910b();
    j["memories"]["L1"]["usable_bytes"] = -1;
    CHECK(loadError(j) == "x.json: memories.L1.usable_bytes: must not be negative (got -1)");
  }
  SECTION("usable above capacity") {
    auto j = base910b();
    j["memories"]["UB"]["usable_bytes"] = 300000;
    CHECK(loadError(j) == "x.json: memories.UB.usable_bytes: usable_bytes "
                          "300000 exceeds capacity_bytes 196608");
  }
  SECTION("alignment not a power of two") {
    auto j = base910b();
    j["memories"]["L0C"]["align_bytes"] = 48;
    CHECK(loadError(j) == "x.json: memories.L0C.align_bytes: align_bytes 48 "
                          "is not a power of two");
    j["memories"]["L0C"]["align_bytes"] = 0;
    CHECK(loadError(j) == "x.json: memories.L0C.align_bytes: align_bytes 0 "
                          "is not a power of two");
  }
  SECTION("unknown names") {
    auto j = base910b();
    j["memories"]["L2"] = j["memories"]["L1"];
    CHECK(loadError(j) == "x.json: memories.L2: unknown memory 'L2' (expected GM, UB, L1, L0A, "
                          "L0B, L0C, BT, FB or SSBUF)");
    j = base910b();
    j["paths"][0]["pipe"] = "PIPE_MTE9";
    CHECK(loadError(j) == "x.json: paths[0].pipe: unknown pipe 'PIPE_MTE9'");
    j = base910b();
    j["events"]["legal"]["aiv"][0] = "MTE2_VEC";
    CHECK(loadError(j) == "x.json: events.legal.aiv[0]: unknown HardEvent 'MTE2_VEC'");
    j = base910b();
    j["positions"]["VECTMP"] = "UB";
    CHECK(loadError(j) == "x.json: positions.VECTMP: unknown TPosition 'VECTMP'");
    j = base910b();
    j["paths"][2]["queue_events"]["forward"] = "FIX_V";
    CHECK(loadError(j) == "x.json: paths[2].queue_events.forward: unknown HardEvent 'FIX_V'");
  }
  SECTION("memory used but not declared") {
    auto j = base910b();
    j["positions"]["C2"] = "SSBUF";
    CHECK(loadError(j) == "x.json: positions.C2: memory SSBUF is not declared in memories");
  }
  SECTION("duplicate path") {
    auto j = base910b();
    j["paths"].push_back(j["paths"][0]);
    size_t last = j["paths"].size() - 1;
    CHECK(loadError(j) == "x.json: paths[" + std::to_string(last) + "]: duplicate path GM→UB (also paths[0])");
  }
  SECTION("a path both legal and illegal") {
    auto j = base910b();
    j["illegal_paths"].push_back({{"src", "GM"}, {"dst", "UB"}, {"reason", "r"}, {"source", "s"}});
    size_t last = j["illegal_paths"].size() - 1;
    CHECK(loadError(j) ==
          "x.json: illegal_paths[" + std::to_string(last) + "]: GM→UB is also listed as legal in paths[0]");
  }
  SECTION("path pipe not on its core") {
    auto j = base910b();
    j["paths"][0]["pipe"] = "PIPE_M"; // GM→UB is an aiv path
    CHECK(loadError(j) == "x.json: paths[0].pipe: PIPE_M is not a pipe of the aiv core");
    j["paths"][0]["pipe"] = "PIPE_ALL";
    CHECK(loadError(j) == "x.json: paths[0].pipe: PIPE_ALL is not a hardware pipe");
  }
  SECTION("event rules") {
    auto j = base910b();
    j["events"]["legal"]["aiv"].push_back("MTE1_M");
    CHECK(loadError(j) == "x.json: events.legal.aiv[13]: MTE1_M uses "
                          "PIPE_MTE1, which is not a pipe of the aiv core");
    j = base910b();
    j["events"]["error_events"].push_back("V_V");
    CHECK(loadError(j) == "x.json: events.error_events[4]: V_V is also listed "
                          "as legal for aiv");
    j = base910b();
    j["events"]["reserved_ids"] = {6, 8};
    CHECK(loadError(j) == "x.json: events.reserved_ids[1]: id 8 is out of "
                          "range (id_count 8)");
    j = base910b();
    j["events"]["legal"]["aiv"].push_back("V_V");
    CHECK(loadError(j) == "x.json: events.legal.aiv[13]: duplicate HardEvent 'V_V'");
  }
  SECTION("core layout") {
    auto j = base910b();
    j["core_mode"] = "fused";
    CHECK(loadError(j) == "x.json: core_mode: expected \"split\" or \"coupled\", got 'fused'");
    j["core_mode"] = "coupled";
    CHECK(loadError(j) == "x.json: memories.BT.core: a coupled target has no "
                          "per-core-type memories");
  }
  SECTION("cross-core flags") {
    auto j = base910b();
    j["cross_core"]["reserved_flags"]["5"] = "mine";
    CHECK(loadError(j) == "x.json: cross_core.reserved_flags.5: flag 5 is "
                          "inside user_flag_range");
    j = base910b();
    j["cross_core"]["user_flag_range"] = {0, 16};
    CHECK(loadError(j) == "x.json: cross_core.user_flag_range: max 16 is not "
                          "below hw_flag_count 16");
  }
  SECTION("schema version") {
    auto j = base910b();
    j["schema_version"] = 2;
    CHECK(loadError(j) == "x.json: schema_version: unsupported schema_version "
                          "2 (this ascendc-lint reads 1)");
  }
}

TEST_CASE("core counts: the most cube and vector cores of each target, sourced", "[model]") {
  // hardware.md §1.1 (AscendNPU-IR NPUTargetSpec.td): 910B1/B2 24/24/48,
  // 910_93 up to 24/24/48, the 950 family up to 36/36/72, 310B 1/1/1. No
  // 310P target in AscendNPU-IR: not known (the host reader assumes 65535).
  std::map<std::string, std::pair<uint32_t, uint32_t>> want = {{"ascend910b", {24, 48}},
                                                               {"ascend910_93", {24, 48}},
                                                               {"ascend950", {36, 72}},
                                                               {"ascend310b", {1, 1}},
                                                               {"ascend310p", {0, 0}}};
  for (const TargetSpec &t : builtinTargets()) {
    INFO(t.name);
    REQUIRE(want.count(t.name));
    CHECK(t.maxAicCores == want[t.name].first);
    CHECK(t.maxAivCores == want[t.name].second);
    CHECK(t.coreCountSource.empty() == (t.maxAicCores == 0));
  }
}
