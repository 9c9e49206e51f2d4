import { Component, type ErrorInfo, type ReactNode } from 'react';

type WidgetBoundaryProps = { name: string; children: ReactNode };
type WidgetBoundaryState = { error: Error | null };

/** Keeps a failing widget from taking its page down: it shows a short note in the widget's place. */
export class WidgetBoundary extends Component<WidgetBoundaryProps, WidgetBoundaryState> {
  override state: WidgetBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): WidgetBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        The {this.props.name} could not be shown.{' '}
        <button type="button" className="underline" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </p>
    );
  }
}
