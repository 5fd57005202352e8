// lint: --target=ascend910b --target=ascend950
// The loop runs one tile too far: `<=` where `<` was meant.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 256;
constexpr uint32_t TILES = 16;

class KernelCopy {
public:
  __aicore__ inline KernelCopy() {}
  __aicore__ inline void Init(GM_ADDR x) {
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE * TILES);
    pipe.InitBuffer(q, 2, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i <= TILES; i++) {
      LocalTensor<float> t = q.AllocTensor<float>();
      DataCopy(t, xGm[i * TILE], TILE); // expect-error: bounds-global
      q.EnQue(t);
      LocalTensor<float> u = q.DeQue<float>();
      q.FreeTensor(u);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> q;
  GlobalTensor<float> xGm;
};

extern "C" __global__ __aicore__ void copy_tiles(GM_ADDR x) {
  KernelCopy op;
  op.Init(x);
  op.Process();
}
