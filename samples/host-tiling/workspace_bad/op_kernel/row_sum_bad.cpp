// lint: --target=ascend910b
// Operator project: ../op_host/row_sum_tiling.cpp sizes the user workspace
// as usedCores * 64 bytes, but each core writes 64 floats (256 bytes) at
// its own offset in it: whatever the shape, the last core writes past the
// workspace.
#include "kernel_operator.h"
#include "row_sum_tiling_data.h"

using namespace AscendC;
constexpr uint32_t ROW = 64;

class KernelRowSum {
public:
  __aicore__ inline KernelRowSum() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR userWs, uint32_t totalRows, uint32_t rowsPerCore) {
    uint32_t first = GetBlockIdx() * rowsPerCore;
    rows = totalRows - first < rowsPerCore ? totalRows - first : rowsPerCore;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * rowsPerCore * ROW);
    partGm.SetGlobalBuffer((__gm__ float *)userWs + GetBlockIdx() * ROW);
    pipe.InitBuffer(inQ, 1, ROW * sizeof(float));
    pipe.InitBuffer(outQ, 1, ROW * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> acc = outQ.AllocTensor<float>();
    Duplicate(acc, 0.0f, ROW);
    for (uint32_t r = 0; r < rows; r++) {
      LocalTensor<float> a = inQ.AllocTensor<float>();
      DataCopy(a, xGm[r * ROW], ROW);
      inQ.EnQue(a);
      LocalTensor<float> in = inQ.DeQue<float>();
      Add(acc, acc, in, ROW);
      inQ.FreeTensor(in);
    }
    outQ.EnQue(acc);
    LocalTensor<float> out = outQ.DeQue<float>();
    DataCopy(partGm, out, ROW); // expect-error: bounds-global
    outQ.FreeTensor(out);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  GlobalTensor<float> xGm, partGm;
  uint32_t rows = 0;
};

extern "C" __global__ __aicore__ void row_sum(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  RowSumTilingData t = *reinterpret_cast<__gm__ RowSumTilingData *>(tiling);
  GM_ADDR userWs = GetUserWorkspace(workspace);
  KernelRowSum op;
  op.Init(x, userWs, t.totalRows, t.rowsPerCore);
  op.Process();
}
