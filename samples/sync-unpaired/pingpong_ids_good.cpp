// lint: --target=ascend910b --target=ascend950
// Double buffering with explicit flags: the event id alternates with the row
// (`(r & 1) == 0 ? EVENT_ID0 : EVENT_ID1`); both ids are primed before the
// loop and drained after it: correct.
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
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
    for (uint32_t r = 0; r < rows; ++r) {
      LocalTensor<half> half0 = (r & 1) == 0 ? t : t[ROW / 4];
      event_t id = (r & 1) == 0 ? EVENT_ID0 : EVENT_ID1; // ping-pong by hand
      WaitFlag<HardEvent::MTE3_MTE2>(id);
      DataCopy(half0, xGm[r * ROW], ROW / 4);
      SetFlag<HardEvent::MTE2_V>(id);
      WaitFlag<HardEvent::MTE2_V>(id);
      Muls(half0, half0, (half)2, ROW / 4);
      SetFlag<HardEvent::V_MTE3>(id);
      WaitFlag<HardEvent::V_MTE3>(id);
      DataCopy(yGm[r * ROW], half0, ROW / 4);
      SetFlag<HardEvent::MTE3_MTE2>(id);
    }
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);
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
