// lint: --target=ascend910b
// Each core copies the last row of its block of rows: the row index
// `rows - 1` is computed in uint32_t, but only on the arm of a ?: that has
// checked `rows > 0`; an empty block copies row 0. No offset wraps.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t COLS = 1024; // floats per row

struct LastRowTiling {
  uint32_t rowsPerCore;
};

class KernelLastRow {
public:
  __aicore__ inline KernelLastRow() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const LastRowTiling &tiling) {
    rows = tiling.rowsPerCore < 64 ? tiling.rowsPerCore : 64;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * 64 * COLS, 64 * COLS);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * COLS, COLS);
    pipe.InitBuffer(buf, COLS * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    uint32_t last = rows > 0 ? rows - 1 : 0;
    DataCopy(t, xGm[last * COLS], COLS);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, COLS);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
  uint32_t rows = 0;
};

extern "C" __global__ __aicore__ void last_row(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  KernelLastRow op;
  op.Init(x, y, *(__gm__ LastRowTiling *)tiling);
  op.Process();
}
