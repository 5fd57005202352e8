// lint: --target=ascend910b
// Twin of narrow_var_repeat_bad.cpp: the repeat count stays within the
// uint8_t member it is kept in: above 255 repeats the tile is zeroed in
// chunks of 255 repeats, then the rest.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t MAX_TILE = 32768;
constexpr uint64_t PER_REPEAT = 64; // 256 bytes of float per repeat
constexpr uint8_t MAX_REPEAT = 255;

class KernelZero {
public:
  __aicore__ inline KernelZero() {}
  __aicore__ inline void Init(GM_ADDR y, uint32_t tileLength) {
    ASCENDC_ASSUME(tileLength >= PER_REPEAT && tileLength <= MAX_TILE && tileLength % PER_REPEAT == 0);
    this->tileLength = tileLength;
    uint32_t actual = (tileLength + PER_REPEAT - 1) / PER_REPEAT;
    loops = actual / MAX_REPEAT;
    repeatTimes = actual % MAX_REPEAT; // the last, partial chunk
    yGm.SetGlobalBuffer((__gm__ float *)y, tileLength);
    pipe.InitBuffer(buf, MAX_TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    for (uint32_t i = 0; i < loops; i++)
      Duplicate(t[i * MAX_REPEAT * PER_REPEAT], 0.0f, PER_REPEAT, MAX_REPEAT, 1, 8);
    if (repeatTimes > 0)
      Duplicate(t[loops * MAX_REPEAT * PER_REPEAT], 0.0f, PER_REPEAT, repeatTimes, 1, 8);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, tileLength);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> yGm;
  uint32_t tileLength;
  uint32_t loops;
  uint8_t repeatTimes;
};

extern "C" __global__ __aicore__ void zero_tile_chunks(GM_ADDR y, uint32_t tileLength) {
  KernelZero op;
  op.Init(y, tileLength);
  op.Process();
}
