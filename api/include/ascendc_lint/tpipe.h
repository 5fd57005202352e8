// ascendc-lint bundled AscendC API: buffer management — TPipe, the queues
// TQueBind/TQue, TBuf, TBufPool, TSCM and GetTPipePtr(). Declarations only.
//
// The linter reads the template arguments of the queue types, in this order:
//   TQueBind<TPosition src, TPosition dst, int32_t depth, auto mask = 0>
//   TQue<TPosition pos, int32_t depth, auto mask = 0>
//   TBuf<TPosition pos = TPosition::LCM>
//   TBufPool<TPosition pos, uint32_t bufIDSize>
// TQue is declared on its own (not derived from TQueBind) so that a member
// call on a TQue resolves to TQue itself; it has the full queue interface.
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/basic_api/kernel_tpipe.h
//   mirror-cann/asc-devkit include/basic_api/kernel_common.h (GetTPipePtr)
//   mirror-cann/asc-devkit impl/basic_api/utils/kernel_utils_ceil_oom_que.h (TQueConfig)
#pragma once

#include "ascendc_lint/tensor.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {

class TPipe;

struct TQueConfig {
    bool nd2nz = false;
    bool nz2nd = false;
    bool scmBlockGroup = false;
    uint32_t bufferLen = 0;
    uint32_t bufferNumber = 0;
    uint32_t consumerSize = 0;
    TPosition consumer[8] = {};
    bool enableStaticEvtId = false;
    bool enableLoopQueue = false;
};

// Builds a queue configuration (a constant, usable as the `mask` argument).
__aicore__ constexpr TQueConfig GetTQueConfig(bool nd2nzIn, bool nz2ndIn, bool scmBlockGroupIn, uint32_t bufferLenIn,
                                              uint32_t bufferNumberIn, uint32_t consumerSizeIn,
                                              const TPosition consumerIn[], bool enableStaticEvtIdIn = false,
                                              bool enableLoopQueueIn = false)
{
    TQueConfig config;
    config.nd2nz = nd2nzIn;
    config.nz2nd = nz2ndIn;
    config.scmBlockGroup = scmBlockGroupIn;
    config.bufferLen = bufferLenIn;
    config.bufferNumber = bufferNumberIn;
    config.consumerSize = consumerSizeIn;
    for (uint32_t i = 0; i < consumerSizeIn && i < 8; ++i) {
        config.consumer[i] = consumerIn[i];
    }
    config.enableStaticEvtId = enableStaticEvtIdIn;
    config.enableLoopQueue = enableLoopQueueIn;
    return config;
}

// A queue between two logical positions with `depth` slots. EnQue/DeQue carry
// the implicit hardware event of the src->dst path; FreeTensor the reverse one.
template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
public:
    __aicore__ TQueBind() {}
    template <typename T>
    __aicore__ LocalTensor<T> AllocTensor();
    template <typename T>
    __aicore__ void AllocTensor(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ void FreeTensor(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ bool EnQue(const LocalTensor<T>& tensor);
    __aicore__ bool EnQue(TBufHandle buf);
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    __aicore__ bool EnQue(const LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ void DeQue(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ LocalTensor<T> DeQue();
    __aicore__ TBufHandle DeQue();
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    __aicore__ LocalTensor<T> DeQue();
    __aicore__ bool VacantInQue();
    __aicore__ bool HasTensorInQue();
    __aicore__ int32_t GetTensorCountInQue();
    __aicore__ bool HasIdleBuffer();
    __aicore__ void FreeAllEvent();
    __aicore__ void FreeBuffer(TBufHandle buf);
    __aicore__ TBuffAddr GetBufferAddr(TBufHandle buf);
    template <typename T>
    __aicore__ TBufState GetState(const LocalTensor<T>& tensor) const;
    __aicore__ void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len);
    template <typename T>
    __aicore__ void InitBufHandle(T* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr,
                                  uint32_t len);

    static constexpr TPosition srcPosition = src;
    static constexpr TPosition dstPosition = dst;
    static constexpr int32_t queDepth = depth;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue {
public:
    __aicore__ TQue() {}
    template <typename T>
    __aicore__ LocalTensor<T> AllocTensor();
    template <typename T>
    __aicore__ void AllocTensor(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ void FreeTensor(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ bool EnQue(const LocalTensor<T>& tensor);
    __aicore__ bool EnQue(TBufHandle buf);
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    __aicore__ bool EnQue(const LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ void DeQue(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ LocalTensor<T> DeQue();
    __aicore__ TBufHandle DeQue();
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    __aicore__ LocalTensor<T> DeQue();
    __aicore__ bool VacantInQue();
    __aicore__ bool HasTensorInQue();
    __aicore__ int32_t GetTensorCountInQue();
    __aicore__ bool HasIdleBuffer();
    __aicore__ void FreeAllEvent();
    __aicore__ void FreeBuffer(TBufHandle buf);
    __aicore__ TBuffAddr GetBufferAddr(TBufHandle buf);
    template <typename T>
    __aicore__ TBufState GetState(const LocalTensor<T>& tensor) const;
    __aicore__ void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len);
    template <typename T>
    __aicore__ void InitBufHandle(T* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr,
                                  uint32_t len);

    static constexpr TPosition position = pos;
    static constexpr int32_t queDepth = depth;
};

// A plain buffer at one position, without queue synchronisation.
template <TPosition pos = TPosition::LCM>
class TBuf {
public:
    __aicore__ TBuf() {}
    // The whole buffer, or its first `len` elements.
    template <typename T>
    __aicore__ LocalTensor<T> Get();
    template <typename T>
    __aicore__ LocalTensor<T> Get(uint32_t len);
    // `size` elements starting `bufOffset` BYTES into the buffer.
    template <typename T>
    __aicore__ LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset);
    template <typename T>
    __aicore__ void EnQue(const LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ LocalTensor<T> DeQue();
    template <typename T>
    __aicore__ LocalTensor<T> AllocTensor();
    template <typename T>
    __aicore__ void FreeTensor(LocalTensor<T>& tensor);
    template <typename T>
    __aicore__ TBufState GetState(const LocalTensor<T>& tensor) const;
    __aicore__ bool EnQue(TBufHandle buf);
    __aicore__ TBufHandle DeQue();
    __aicore__ void FreeBuffer(TBufHandle buf);
    __aicore__ TBuffAddr GetBufferAddr(TBufHandle buf);
    __aicore__ void InitStartBufHandle(TBufHandle startBufhandle, uint8_t num, uint32_t len);
    template <typename T>
    __aicore__ void InitBufHandle(T* bufPool, uint32_t index, TBufHandle bufhandle, uint32_t curPoolAddr,
                                  uint32_t len);

    static constexpr TPosition position = pos;
};

constexpr uint32_t defaultBufIDSize = 4;

// A sub-pool of a TPipe memory; queues and buffers can be carved out of it.
template <TPosition pos, uint32_t bufIDSize = defaultBufIDSize>
class TBufPool {
public:
    static constexpr TPosition poolPos = pos;
    __aicore__ TBufPool() {}
    template <class T>
    __aicore__ bool InitBuffer(T& que, uint8_t num, uint32_t len);
    template <TPosition bufPos>
    __aicore__ bool InitBuffer(TBuf<bufPos>& buf, uint32_t len);
    template <class T, class U>
    __aicore__ bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);
    template <class T>
    __aicore__ bool InitBufPool(T& bufPool, uint32_t len);
    __aicore__ void Reset();
};

class TPipe {
public:
    __aicore__ TPipe() {}
    __aicore__ void Init();
    // `num` buffers of `len` BYTES each for a queue.
    template <class T>
    __aicore__ bool InitBuffer(T& que, uint8_t num, uint32_t len);
    template <class T, class U, class V, class... Addrs>
    __aicore__ bool InitBuffer(T& que, const Std::tuple<U, V>& addr0, const Addrs&... addrs);
    // One buffer of `len` BYTES for a TBuf.
    template <TPosition pos>
    __aicore__ bool InitBuffer(TBuf<pos>& buf, uint32_t len);
    template <class T>
    __aicore__ bool InitBufPool(T& bufPool, uint32_t len);
    template <class T, class U>
    __aicore__ bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);
    // Event ids: Alloc reserves one until Release; Fetch only peeks (no reservation).
    template <HardEvent evt>
    __aicore__ TEventID AllocEventID();
    template <HardEvent evt>
    __aicore__ void ReleaseEventID(TEventID id);
    template <HardEvent evt>
    __aicore__ TEventID FetchEventID();
    __aicore__ TEventID FetchEventID(HardEvent evt);
    template <TPosition pos, typename T>
    __aicore__ LocalTensor<T> GetAbsAddr(int32_t offset, int32_t size) const;
    template <TPosition pos>
    __aicore__ TBuffAddr GetAbsAddr(int32_t offset, int32_t len) const;
    __aicore__ MutexID AllocMutexID();
    __aicore__ void ReleaseMutexID(MutexID id);
    template <typename T>
    __aicore__ void InitSpmBuffer(const GlobalTensor<T>& workspace, const int32_t bufferSize);
    __aicore__ void InitSpmBuffer(const int32_t bufferSize);
    template <typename T>
    __aicore__ void WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const DataCopyParams& copyParams,
                                   int32_t writeOffset = 0);
    template <typename T>
    __aicore__ void ReadSpmBuffer(const LocalTensor<T>& readBuffer, const DataCopyParams& copyParams,
                                  int32_t readOffset = 0);
    template <typename T>
    __aicore__ void WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const int32_t writeSize,
                                   int32_t writeOffset = 0);
    template <typename T>
    __aicore__ void ReadSpmBuffer(const LocalTensor<T>& readBuffer, const int32_t readSize, int32_t readOffset = 0);
    __aicore__ void DestroyWithoutPipeAll();
    __aicore__ void Destroy();
    __aicore__ void Reset();
};

// Members of a user-defined buffer pool class (upstream EXTERN_IMPL_BUFPOOL);
// used inside the class body and followed by ';'.
#define EXTERN_IMPL_BUFPOOL(EXT_BUFPOOL, POSITION, BUFID_SIZE)                \
public:                                                                       \
    static constexpr AscendC::TPosition poolPos = POSITION;                   \
    static constexpr int32_t bufIDSize = BUFID_SIZE;                          \
    static constexpr bool isTbufPool = true;                                  \
    __aicore__ void Reset();                                                  \
    __aicore__ void Init();                                                   \
    __aicore__ AscendC::TBufHandle GetBufHandle(uint8_t offset);              \
    __aicore__ void SetCurAddr(uint32_t curAddr);                             \
    __aicore__ uint32_t GetCurAddr();                                         \
    __aicore__ void SetCurBufSize(uint8_t curBufSize);                        \
    __aicore__ uint8_t GetCurBufSize()

template <TPosition pos, int32_t depth = 1, auto mask = 0>
using TSCM = TQueBind<pos, TPosition::TSCM, depth, mask>;

} // namespace AscendC

// Global in the real library (kernel_common.h): the TPipe of the current core.
__aicore__ AscendC::TPipe* GetTPipePtr();

namespace AscendC {
using ::GetTPipePtr;
} // namespace AscendC

#pragma clang diagnostic pop
