// lint: --target=ascend910b
// msSanitizer's uninitialised-memory demo: the output GlobalTensor's
// SetGlobalBuffer was deleted, so the copy-out writes through an address
// nobody set.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048;

class KernelCopy {
public:
  __aicore__ inline KernelCopy() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
    pipe.InitBuffer(q, 1, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopy(t, xGm, TILE);
    q.EnQue(t);
    LocalTensor<float> u = q.DeQue<float>();
    DataCopy(yGm, u, TILE); // expect: uninit-read
    q.FreeTensor(u);
  }

private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void copy_through(GM_ADDR x, GM_ADDR y) {
  KernelCopy op;
  op.Init(x, y);
  op.Process();
}
