// lint: --target=ascend910b
// A copy kernel on tensors declared through TensorTrait<int8_t>: 16 elements
// are 16 bytes, half a 32-byte block, so DataCopy drops them.
#include "kernel_operator.h"

using namespace AscendC;

template <typename T> class KernelCopy {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR z) {
    xGm.SetGlobalBuffer((__gm__ PrimT<T> *)x, 16);
    zGm.SetGlobalBuffer((__gm__ PrimT<T> *)z, 16);
    pipe.InitBuffer(queue, 1, 32);
  }
  __aicore__ inline void Process() {
    LocalTensor<T> x = queue.AllocTensor<T>();
    DataCopy(x, xGm, 16); // expect-error: align-copy-length
    queue.EnQue(x);
    LocalTensor<T> xl = queue.DeQue<T>();
    DataCopy(zGm, xl, 16); // expect-error: align-copy-length
    queue.FreeTensor(xl);
  }

private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
  GlobalTensor<T> xGm, zGm;
};

extern "C" __global__ __aicore__ void copy_trait(GM_ADDR x, GM_ADDR z) {
  KernelCopy<TensorTrait<int8_t>> op;
  op.Init(x, z);
  op.Process();
}
