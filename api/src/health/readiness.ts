import { Injectable } from '@nestjs/common';

/** Whether this process should get new traffic: false from the shutdown signal on. */
@Injectable()
export class Readiness {
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  /** /health/ready answers 503 from now on, so load balancers take the process out of rotation. */
  startDraining(): void {
    this.draining = true;
  }
}
