import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

// Joins conditional class names and lets a later Tailwind utility override an earlier conflicting one.
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
