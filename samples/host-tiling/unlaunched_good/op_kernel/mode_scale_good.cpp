// lint: --target=ascend910b
// Operator project: the kernel template has a two-tile mode whose buffer
// holds one tile (a bug in schMode 1), but the host selects schMode 0 for
// every non-empty input and schMode 2 for an empty one
// (op_host/mode_scale_tiling.cpp). The build still compiles schMode 1;
// ascendc-lint reports it as never launched by this operator (one obligation,
// proved from the host's contract), not as warnings for tiling values the
// host never sends; schMode 2 is checked for the empty tensors the host
// launches it for, and schMode 0 is proved for every input shape.
#include "kernel_operator.h"
#include "mode_scale_tiling_data.h"
#include "mode_scale_tiling_key.h"

using namespace AscendC;

template <uint32_t schMode> class KernelModeScale {
public:
  __aicore__ inline KernelModeScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength) {
    this->tileLength = tileLength;
    this->stepLength = (schMode == MODE_SCALE_ONE_TILE ? 1 : 2) * tileLength;
    this->steps = totalLength / stepLength;
    xGm.SetGlobalBuffer((__gm__ float *)x, totalLength);
    yGm.SetGlobalBuffer((__gm__ float *)y, totalLength);
    pipe.InitBuffer(inQ, 2, tileLength * sizeof(float));
    pipe.InitBuffer(outQ, 2, tileLength * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < steps; i++) {
      LocalTensor<float> a = inQ.AllocTensor<float>();
      DataCopy(a, xGm[i * stepLength], stepLength);
      inQ.EnQue(a);
      LocalTensor<float> b = outQ.AllocTensor<float>();
      LocalTensor<float> c = inQ.DeQue<float>();
      Muls(b, c, 2.0f, stepLength);
      outQ.EnQue(b);
      inQ.FreeTensor(c);
      LocalTensor<float> d = outQ.DeQue<float>();
      DataCopy(yGm[i * stepLength], d, stepLength);
      outQ.FreeTensor(d);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<float> xGm, yGm;
  uint32_t tileLength = 0, stepLength = 0, steps = 0;
};

template <uint32_t schMode>
__global__ __aicore__ void mode_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(ModeScaleTilingData, tilingData, tiling);
  KernelModeScale<schMode> op;
  op.Init(x, y, tilingData.totalLength, tilingData.tileLength);
  op.Process();
}
