/*
 * batch_dist.h -- the batch driver's side for a process that is one of
 * several (batch_dist.c), installed by sudoflow-mpi's main together with
 * sf_dist (dist.h): from then on the driver reads, writes and runs its
 * ordered pass through it.
 */
#ifndef SF_BATCH_DIST_H
#define SF_BATCH_DIST_H

/* Make this side the driver's batch_peers (batch_driver.h). */
void batch_dist_install(void);

#endif
