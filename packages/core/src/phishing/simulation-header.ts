/** The header every simulated mail carries, so a company's mail filter can let it through (ADR 036). */
export const SIMULATION_HEADER = 'X-Portal-Simulation';
