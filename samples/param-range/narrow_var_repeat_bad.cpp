// lint: --target=ascend910b
// The repeat count of a Duplicate in its mask/repeat form is computed from the
// tile length and kept in a uint8_t member: for tiles of more than 255 x 64
// floats it wraps in the member, before the call, and only part of the tile is
// zeroed.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t MAX_TILE = 32768;
constexpr uint64_t PER_REPEAT = 64; // 256 bytes of float per repeat

class KernelZero {
public:
  __aicore__ inline KernelZero() {}
  __aicore__ inline void Init(GM_ADDR y, uint32_t tileLength) {
    ASCENDC_ASSUME(tileLength >= PER_REPEAT && tileLength <= MAX_TILE && tileLength % PER_REPEAT == 0);
    this->tileLength = tileLength;
    repeatTimes = (tileLength + PER_REPEAT - 1) / PER_REPEAT;
    yGm.SetGlobalBuffer((__gm__ float *)y, tileLength);
    pipe.InitBuffer(buf, MAX_TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 0.0f, PER_REPEAT, repeatTimes, 1, 8); // expect-warning: param-range
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, tileLength);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> yGm;
  uint32_t tileLength;
  uint8_t repeatTimes;
};

extern "C" __global__ __aicore__ void zero_tile(GM_ADDR y, uint32_t tileLength) {
  KernelZero op;
  op.Init(y, tileLength);
  op.Process();
}
