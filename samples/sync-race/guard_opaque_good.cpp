// lint: --target=ascend910b
// The good twin of guard_opaque_bad.cpp: the row copied in under a guard that
// rests on an opaque running total is ordered before the vector read by an
// MTE2_V flag set and waited on every path, so no pair is left to ask about.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t CAP = 4096;        // floats in the buffer
constexpr uint32_t LIMIT = 64 * 1024; // floats copied in at most
constexpr uint32_t MAX_ROWS = 32;

__aicore__ uint32_t RowLength(uint32_t row); // defined in another translation unit

class KernelScaleRows {
public:
  __aicore__ inline KernelScaleRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t rows) {
    this->rows = rows;
    xGm.SetGlobalBuffer((__gm__ float *)x, MAX_ROWS * CAP);
    yGm.SetGlobalBuffer((__gm__ float *)y, MAX_ROWS * CAP);
    pipe.InitBuffer(buf, CAP * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (rows > MAX_ROWS)
      return;
    LocalTensor<float> t = buf.Get<float>();
    uint32_t done = 0;
    for (uint32_t r = 0; r < rows; ++r) {
      uint32_t n = RowLength(r);
      if (done < LIMIT) {
        DataCopy(t, xGm[r * CAP], n);
      }
      done += n;
      SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
      Muls(t, t, 2.0f, n);
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
      DataCopy(yGm[r * CAP], t, n);
      SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
      WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    }
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
  uint32_t rows = 0;
};

extern "C" __global__ __aicore__ void scale_rows(GM_ADDR x, GM_ADDR y, uint32_t rows) {
  KernelScaleRows op;
  op.Init(x, y, rows);
  op.Process();
}
