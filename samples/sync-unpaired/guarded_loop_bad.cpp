// lint: --target=ascend910b --target=ascend950
// The bad twin of guarded_loop_good.cpp: the wait is not skipped in the first
// row, which waits for a set that never came (error 507014, a hang).
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t ROW = 2048;

class KernelRowScale {
public:
  __aicore__ inline KernelRowScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t rows) {
    this->rows = rows;
    ASCENDC_ASSUME(rows <= 65536); // the host never launches more rows
    xGm.SetGlobalBuffer((__gm__ half *)x, rows * ROW);
    yGm.SetGlobalBuffer((__gm__ half *)y, rows * ROW);
    pipe.InitBuffer(buf, ROW / 2 * sizeof(half));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> t = buf.Get<half>();
    for (uint32_t r = 0; r < rows; ++r) {
      WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0); // expect-error: sync-unpaired
      DataCopy(t, xGm[r * ROW], ROW / 2);
      SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
      Muls(t, t, (half)2, ROW / 2);
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
      DataCopy(yGm[r * ROW], t, ROW / 2);
      if (r != rows - 1) {
        SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0); // for the next row
      }
    }
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm, yGm;
  uint32_t rows;
};

extern "C" __global__ __aicore__ void row_scale(GM_ADDR x, GM_ADDR y, uint32_t rows) {
  KernelRowScale op;
  op.Init(x, y, rows);
  op.Process();
}
