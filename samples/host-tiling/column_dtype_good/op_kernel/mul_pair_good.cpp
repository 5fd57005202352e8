// lint: --target=ascend910b
// Operator project whose kernel is instantiated with DTYPE_X1 (input 1) while
// the host sizes the tiles from input 0's dtype. Each variant (half, float)
// is proved under the host contract of its own OpDef column: the float
// variant never sees the half column's 4096-element tiles, which would not
// fit its 8192-byte buffers.
#include "kernel_operator.h"
#include "mul_pair_tiling_data.h"

using namespace AscendC;

template <typename T> class KernelMulPair {
public:
  __aicore__ inline KernelMulPair() {}
  __aicore__ inline void Init(GM_ADDR scale, GM_ADDR x1, GM_ADDR y, uint32_t totalLength, uint32_t tile) {
    length = totalLength;
    tileLength = tile;
    sGm.SetGlobalBuffer((__gm__ T *)scale, length);
    xGm.SetGlobalBuffer((__gm__ T *)x1, length);
    yGm.SetGlobalBuffer((__gm__ T *)y, length);
    pipe.InitBuffer(inQ, 2, 8192);
    pipe.InitBuffer(outQ, 2, 8192);
  }
  __aicore__ inline void Process() {
    uint32_t loops = length / tileLength;
    for (uint32_t i = 0; i < loops; i++) {
      LocalTensor<T> a = inQ.AllocTensor<T>();
      DataCopy(a, xGm[i * tileLength], tileLength);
      inQ.EnQue(a);
      LocalTensor<T> in = inQ.DeQue<T>();
      LocalTensor<T> out = outQ.AllocTensor<T>();
      Muls(out, in, (T)2, tileLength);
      outQ.EnQue(out);
      inQ.FreeTensor(in);
      LocalTensor<T> b = outQ.DeQue<T>();
      DataCopy(yGm[i * tileLength], b, tileLength);
      outQ.FreeTensor(b);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<T> sGm, xGm, yGm;
  uint32_t length = 0, tileLength = 0;
};

extern "C" __global__ __aicore__ void mul_pair(GM_ADDR scale, GM_ADDR x1, GM_ADDR y, GM_ADDR workspace,
                                               GM_ADDR tiling) {
  MulPairTilingData t = *reinterpret_cast<__gm__ MulPairTilingData *>(tiling);
  KernelMulPair<DTYPE_X1> op;
  op.Init(scale, x1, y, t.totalLength, t.tileLength);
  op.Process();
}
