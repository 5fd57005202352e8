// lint: --target=ascend910b
// The twin of tile_step_loop_good.cpp that copies a whole tile every time:
// when `tile` does not divide `total`, the last tile reads and writes past
// the tensors (total = 1, tile = 8: bytes 4..31).
#include "kernel_operator.h"

using namespace AscendC;
constexpr uint32_t CAP = 8192;
class KernelTiles {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t total, uint32_t tile) {
    this->total = total;
    this->tile = tile;
    xGm.SetGlobalBuffer((__gm__ float *)x, total);
    yGm.SetGlobalBuffer((__gm__ float *)y, total);
    pipe.InitBuffer(inQ, 2, CAP * sizeof(float));
    pipe.InitBuffer(outQ, 2, CAP * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (tile == 0 || tile > CAP || tile % 8 != 0 || total > 1000000)
      return;
    for (uint32_t off = 0; off < total; off += tile) {
      uint32_t len = tile;
      LocalTensor<float> a = inQ.AllocTensor<float>();
      DataCopyPad(a, xGm[off], DataCopyExtParams{1, len * 4, 0, 0, 0}, // expect-warning: bounds-global
                  DataCopyPadExtParams<float>{false, 0, 0, 0});
      inQ.EnQue(a);
      a = inQ.DeQue<float>();
      LocalTensor<float> b = outQ.AllocTensor<float>();
      Adds(b, a, 1.0f, len);
      outQ.EnQue(b);
      inQ.FreeTensor(a);
      b = outQ.DeQue<float>();
      DataCopyPad(yGm[off], b, DataCopyExtParams{1, len * 4, 0, 0, 0}); // expect-warning: bounds-global
      outQ.FreeTensor(b);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<float> xGm, yGm;
  uint32_t total = 0, tile = 0;
};
extern "C" __global__ __aicore__ void tiles(GM_ADDR x, GM_ADDR y, uint32_t total, uint32_t tile) {
  KernelTiles op;
  op.Init(x, y, total, tile);
  op.Process();
}
