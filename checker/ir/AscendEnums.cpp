// Names of the AscendC enumerations (see AscendEnums.h for the values and
// their sources).
#include "checker/ir/AscendEnums.h"

#include <array>

namespace alint {

namespace {

struct PipeEntry {
  Pipe pipe;
  std::string_view name;
};

constexpr std::array<PipeEntry, 11> kPipes = {{
    {Pipe::S, "PIPE_S"},
    {Pipe::V, "PIPE_V"},
    {Pipe::M, "PIPE_M"},
    {Pipe::MTE1, "PIPE_MTE1"},
    {Pipe::MTE2, "PIPE_MTE2"},
    {Pipe::MTE3, "PIPE_MTE3"},
    {Pipe::ALL, "PIPE_ALL"},
    {Pipe::MTE4, "PIPE_MTE4"},
    {Pipe::MTE5, "PIPE_MTE5"},
    {Pipe::V2, "PIPE_V2"},
    {Pipe::FIX, "PIPE_FIX"},
}};

// Indexed by the TPos value.
constexpr std::array<std::string_view, 16> kTPosNames = {"GM",  "A1",   "A2",        "B1",          "B2",     "C1",
                                                         "C2",  "CO1",  "CO2",       "VECIN",       "VECOUT", "VECCALC",
                                                         "SPM", "TSCM", "C2PIPE2GM", "C2PIPE2LOCAL"};

// Indexed by the HardEvent value.
constexpr std::array<std::string_view, 35> kEventNames = {
    "MTE2_MTE1", "MTE1_MTE2", "MTE1_M",    "M_MTE1",    "MTE2_V",   "V_MTE2",   "MTE3_V",   "V_MTE3", "M_V",
    "V_M",       "V_V",       "MTE3_MTE1", "MTE1_MTE3", "MTE1_V",   "MTE2_M",   "M_MTE2",   "V_MTE1", "M_FIX",
    "FIX_M",     "MTE3_MTE2", "MTE2_MTE3", "S_V",       "V_S",      "S_MTE2",   "MTE2_S",   "S_MTE3", "MTE3_S",
    "MTE2_FIX",  "FIX_MTE2",  "FIX_S",     "M_S",       "FIX_MTE3", "MTE1_FIX", "FIX_MTE1", "FIX_FIX"};

// Indexed by the Mem value (Unknown excluded).
constexpr std::array<std::string_view, 9> kMemNames = {"GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB", "SSBUF"};

static_assert(kTPosNames.size() == static_cast<size_t>(TPos::MAX));
static_assert(kEventNames.size() == static_cast<size_t>(HardEvent::MAX));
static_assert(kMemNames.size() == static_cast<size_t>(Mem::Unknown));

} // namespace

std::string_view pipeName(Pipe p) {
  for (const PipeEntry &e : kPipes)
    if (e.pipe == p)
      return e.name;
  return "PIPE_NONE";
}

std::optional<Pipe> parsePipe(std::string_view s) {
  for (const PipeEntry &e : kPipes) {
    if (e.name == s || e.name.substr(5) == s)
      return e.pipe;
  }
  return std::nullopt;
}

std::string_view tposName(TPos p) {
  auto i = static_cast<size_t>(p);
  return i < kTPosNames.size() ? kTPosNames[i] : std::string_view("MAX");
}

std::optional<TPos> parseTPos(std::string_view s) {
  for (size_t i = 0; i < kTPosNames.size(); ++i)
    if (kTPosNames[i] == s)
      return static_cast<TPos>(i);
  if (s == "LCM")
    return TPos::VECCALC;
  if (s == "SHM")
    return TPos::SPM;
  return std::nullopt;
}

std::string_view hardEventName(HardEvent e) {
  auto i = static_cast<size_t>(e);
  return i < kEventNames.size() ? kEventNames[i] : std::string_view("MAX");
}

std::optional<HardEvent> parseHardEvent(std::string_view s) {
  for (size_t i = 0; i < kEventNames.size(); ++i)
    if (kEventNames[i] == s)
      return static_cast<HardEvent>(i);
  return std::nullopt;
}

std::string_view memName(Mem m) {
  auto i = static_cast<size_t>(m);
  return i < kMemNames.size() ? kMemNames[i] : std::string_view("Unknown");
}

std::optional<Mem> parseMem(std::string_view s) {
  for (size_t i = 0; i < kMemNames.size(); ++i)
    if (kMemNames[i] == s)
      return static_cast<Mem>(i);
  if (s == "BIAS")
    return Mem::BT;
  if (s == "FIXBUF")
    return Mem::FB;
  return std::nullopt;
}

std::string_view coreTypeName(CoreType c) { return c == CoreType::AIC ? "aic" : "aiv"; }

std::optional<CoreType> parseCoreType(std::string_view s) {
  if (s == "aic")
    return CoreType::AIC;
  if (s == "aiv")
    return CoreType::AIV;
  return std::nullopt;
}

std::pair<Pipe, Pipe> hardEventPipes(HardEvent e) {
  std::string_view n = hardEventName(e);
  size_t us = n.find('_');
  if (us == std::string_view::npos)
    return {Pipe::None, Pipe::None};
  auto a = parsePipe(n.substr(0, us));
  auto b = parsePipe(n.substr(us + 1));
  return {a ? *a : Pipe::None, b ? *b : Pipe::None};
}

} // namespace alint
