/*
 * prof_buckets.h: the rdtsc profiling buckets, one X-macro row each, named as
 * in OpenSWR's rdtsc.txt so that reports compare line for line. The row order
 * is the order in which siblings are printed.
 *
 * Adding a bucket: add a row; the enum and the name table follow.
 */
#ifndef SWR_PROF_BUCKETS_H
#define SWR_PROF_BUCKETS_H

/* clang-format off */
#define PROF_BUCKET_TABLE(X)                                                                       \
    X(APIClearRenderTarget)                                                                        \
    X(APIDraw)                                                                                     \
    X(APIDrawIndexed)                                                                              \
    X(APIStoreTiles)                                                                               \
    X(APISync)                                                                                     \
    X(APIGetDrawContext)                                                                           \
    X(APIDrawWakeAllThreads)                                                                       \
    X(APIWaitForIdle)                                                                              \
    X(FEProcessDraw)                                                                               \
    X(FEProcessDrawIndexed)                                                                        \
    X(FEFetchShader)                                                                               \
    X(FEVertexShader)                                                                              \
    X(FEPAAssemble)                                                                                \
    X(FEClipTriangles)                                                                             \
    X(FEClipLines)                                                                                 \
    X(FEClipPoints)                                                                                \
    X(FEBinTriangles)                                                                              \
    X(FEBinLines)                                                                                  \
    X(FEBinPoints)                                                                                 \
    X(FETriangleSetup)                                                                             \
    X(FECullZeroAreaAndBackface)                                                                   \
    X(FECullBetweenCenters)                                                                        \
    X(FEProcessStoreTiles)                                                                         \
    X(FEProcessClear)                                                                              \
    X(WorkerWorkOnFifoBE)                                                                          \
    X(WorkerWorkOnFifoFE)                                                                          \
    X(WorkerFoundWork)                                                                             \
    X(WorkerWaitForThreadEvent)                                                                    \
    X(BELoadTiles)                                                                                 \
    X(BEClear)                                                                                     \
    X(BERasterizeTriangle)                                                                         \
    X(BERasterizeLine)                                                                             \
    X(BERasterizePoint)                                                                            \
    X(BETriangleSetup)                                                                             \
    X(BETrivialAccept)                                                                             \
    X(BETrivialReject)                                                                             \
    X(BERasterizePartial)                                                                          \
    X(BEPixelBackend)                                                                              \
    X(BESetup)                                                                                     \
    X(BEBarycentric)                                                                               \
    X(BEEarlyDepthTest)                                                                            \
    X(BEPixelShader)                                                                               \
    X(BELateDepthTest)                                                                             \
    X(BEOutputMerger)                                                                              \
    X(BEEndTile)                                                                                   \
    X(BEStoreTiles)
/* clang-format on */

#define PROF_BUCKET_ENUM(name) PROF_##name,
typedef enum prof_bucket { PROF_BUCKET_TABLE(PROF_BUCKET_ENUM) PROF_BUCKET_COUNT } prof_bucket;
#undef PROF_BUCKET_ENUM

#endif
