// lint: --target=ascend950
// A 2-D transpose with NDDMA on Ascend 950: a 16 x 32 float tile of a
// row-major GM matrix lands in UB as its 32 x 16 transpose. Loop 0 (inner)
// walks the source rows, loop 1 the source columns.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 16, COLS = 32;

class KernelTranspose {
public:
  __aicore__ inline KernelTranspose() {}
  __aicore__ inline void Init(GM_ADDR src, GM_ADDR dst) {
    srcGm.SetGlobalBuffer((__gm__ float *)src, ROWS * COLS);
    dstGm.SetGlobalBuffer((__gm__ float *)dst, ROWS * COLS);
    pipe.InitBuffer(tileQue, 1, ROWS * COLS * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> tile = tileQue.AllocTensor<float>();
    NdDmaParams<float, 2> params;
    params.loopInfo.loopSize[0] = ROWS;
    params.loopInfo.loopSrcStride[0] = COLS;
    params.loopInfo.loopDstStride[0] = 1;
    params.loopInfo.loopSize[1] = COLS;
    params.loopInfo.loopSrcStride[1] = 1;
    params.loopInfo.loopDstStride[1] = ROWS;
    params.constantValue = 0.0f;
    NdDmaDci();
    DataCopy(tile, srcGm, params);
    tileQue.EnQue(tile);
    LocalTensor<float> t = tileQue.DeQue<float>();
    Muls(t, t, 1.0f, ROWS * COLS);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(dstGm, t, ROWS * COLS);
    tileQue.FreeTensor(t);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 1> tileQue;
  GlobalTensor<float> srcGm, dstGm;
};

extern "C" __global__ __aicore__ void nddma_transpose(GM_ADDR src, GM_ADDR dst) {
  KernelTranspose op;
  op.Init(src, dst);
  op.Process();
}
