// lint: --target=ascend910b
// A row count from tiling stored into DataCopyParams::blockCount: the host may
// send up to 5000 rows, beyond the documented maximum of 4095 blocks.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t MAX_ROWS = 5000;
constexpr uint32_t COLS = 8; // one 32-byte block per row

class KernelRows {
public:
  __aicore__ inline KernelRows() {}
  __aicore__ inline void Init(GM_ADDR x, uint32_t rows) {
    this->rows = rows;
    ASCENDC_ASSUME(rows >= 1 && rows <= 5000);
    xGm.SetGlobalBuffer((__gm__ float *)x, rows * COLS);
    pipe.InitBuffer(buf, MAX_ROWS * COLS * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopyParams params;
    params.blockCount = rows; // expect-warning: param-range
    params.blockLen = 1;
    DataCopy(t, xGm, params);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm;
  uint32_t rows;
};

extern "C" __global__ __aicore__ void rows_tiling(GM_ADDR x, uint32_t rows) {
  KernelRows op;
  op.Init(x, rows);
  op.Process();
}
