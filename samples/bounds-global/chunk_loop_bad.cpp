// lint: --target=ascend910b
// The twin of chunk_loop_good.cpp whose copy-in reads a whole chunk every
// time, the tail chunk too: when `chunk` does not divide `perCore`, the last
// read runs past the core's part of x (perCore = 1,000,000 and chunk = 8,192:
// the 123rd chunk starts at element 999,424 and reads 8,192).
#include "kernel_operator.h"

using namespace AscendC;
constexpr int64_t CAP = 8192;

struct ChunkTiling {
  int64_t perCore;
  int64_t chunk;
};

template <typename T> class KernelChunks {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ChunkTiling *tiling) {
    perCore = tiling->perCore;
    chunk = tiling->chunk;
    xGm.SetGlobalBuffer((__gm__ T *)x + perCore * GetBlockIdx(), perCore);
    yGm.SetGlobalBuffer((__gm__ T *)y + perCore * GetBlockIdx(), perCore);
    pipe.InitBuffer(inQ, 2, CAP * sizeof(T));
    pipe.InitBuffer(outQ, 2, CAP * sizeof(T));
  }
  __aicore__ inline void Process() {
    if (chunk <= 0 || chunk > CAP || perCore <= 0 || perCore > 1000000)
      return;
    int64_t done = 0;
    while (done < perCore) {
      int64_t len = min(chunk, perCore - done);
      CopyIn(done, chunk);
      Compute(len);
      CopyOut(done, len);
      done += len;
    }
  }

private:
  __aicore__ inline void CopyIn(int64_t off, int64_t len) {
    LocalTensor<T> a = inQ.AllocTensor<T>();
    DataCopyPad(a, xGm[off], DataCopyExtParams{1, uint32_t(len * sizeof(T)), 0, 0, 0}, // expect-warning: bounds-global
                DataCopyPadExtParams<T>{false, 0, 0, 0});
    inQ.EnQue(a);
  }
  __aicore__ inline void Compute(int64_t len) {
    LocalTensor<T> a = inQ.DeQue<T>();
    LocalTensor<T> b = outQ.AllocTensor<T>();
    Adds(b, a, T(1), uint32_t(len));
    outQ.EnQue(b);
    inQ.FreeTensor(a);
  }
  __aicore__ inline void CopyOut(int64_t off, int64_t len) {
    LocalTensor<T> b = outQ.DeQue<T>();
    DataCopyPad(yGm[off], b, DataCopyExtParams{1, uint32_t(len * sizeof(T)), 0, 0, 0});
    outQ.FreeTensor(b);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<T> xGm, yGm;
  int64_t perCore = 0, chunk = 0;
};

extern "C" __global__ __aicore__ void chunks(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  ChunkTiling t = *reinterpret_cast<__gm__ ChunkTiling *>(tiling);
  KernelChunks<float> op;
  op.Init(x, y, &t);
  op.Process();
}
