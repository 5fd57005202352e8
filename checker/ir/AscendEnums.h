// AscendC enumerations shared by the frontend, the KernelModel, the hierarchy
// model and the rules. Values are the real AscendC / compiler values
// (shared/reference/ascendc-api.md §2.1), so a number read from source code
// converts directly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace alint {

// pipe_t, bisheng built-in (ascendc-api.md §2.1; AscendNPU-IR HIVMAttrs.td:243-276).
enum class Pipe : uint8_t {
  S = 0,
  V = 1,
  M = 2,
  MTE1 = 3,
  MTE2 = 4,
  MTE3 = 5,
  ALL = 6,
  MTE4 = 7,
  MTE5 = 8,
  V2 = 9,
  FIX = 10,
  None = 255, // not a pipe (e.g. a pure bookkeeping operation)
};

// AscendC::TPosition (asc-devkit impl/basic_api/common_types.h:27).
enum class TPos : uint8_t {
  GM = 0,
  A1 = 1,
  A2 = 2,
  B1 = 3,
  B2 = 4,
  C1 = 5,
  C2 = 6,
  CO1 = 7,
  CO2 = 8,
  VECIN = 9,
  VECOUT = 10,
  VECCALC = 11, // == LCM
  SPM = 12,     // == SHM
  TSCM = 13,
  C2PIPE2GM = 14,
  C2PIPE2LOCAL = 15,
  MAX = 16,
};

// AscendC::HardEvent, "src_dst" (asc-devkit impl/basic_api/kernel_event.h:38).
enum class HardEvent : uint8_t {
  MTE2_MTE1 = 0,
  MTE1_MTE2 = 1,
  MTE1_M = 2,
  M_MTE1 = 3,
  MTE2_V = 4,
  V_MTE2 = 5,
  MTE3_V = 6,
  V_MTE3 = 7,
  M_V = 8,
  V_M = 9,
  V_V = 10,
  MTE3_MTE1 = 11,
  MTE1_MTE3 = 12,
  MTE1_V = 13,
  MTE2_M = 14,
  M_MTE2 = 15,
  V_MTE1 = 16,
  M_FIX = 17,
  FIX_M = 18,
  MTE3_MTE2 = 19,
  MTE2_MTE3 = 20,
  S_V = 21,
  V_S = 22,
  S_MTE2 = 23,
  MTE2_S = 24,
  S_MTE3 = 25,
  MTE3_S = 26,
  MTE2_FIX = 27,
  FIX_MTE2 = 28,
  FIX_S = 29,
  M_S = 30,
  FIX_MTE3 = 31,
  MTE1_FIX = 32,
  FIX_MTE1 = 33,
  FIX_FIX = 34,
  MAX = 35,
};

// Physical memories of the DaVinci core (asc-devkit impl/utils/common_types.h:23
// `Hardware`, plus SSBUF from AscendNPU-IR AddressSpace 11).
enum class Mem : uint8_t { GM, UB, L1, L0A, L0B, L0C, BT, FB, SSBUF, Unknown };

enum class CoreType : uint8_t { AIC, AIV };

std::string_view pipeName(Pipe p);                 // "PIPE_MTE2"
std::optional<Pipe> parsePipe(std::string_view s); // "PIPE_MTE2" or "MTE2"
std::string_view tposName(TPos p);                 // "VECIN"
std::optional<TPos> parseTPos(std::string_view s); // also LCM, SHM
std::string_view hardEventName(HardEvent e);       // "MTE2_V"
std::optional<HardEvent> parseHardEvent(std::string_view s);
std::string_view memName(Mem m);                 // "UB"
std::optional<Mem> parseMem(std::string_view s); // also BIAS, FIXBUF
std::string_view coreTypeName(CoreType c);       // "aic" / "aiv"
std::optional<CoreType> parseCoreType(std::string_view s);

// The two pipes of a HardEvent (X_Y -> {X, Y}).
std::pair<Pipe, Pipe> hardEventPipes(HardEvent e);

} // namespace alint
