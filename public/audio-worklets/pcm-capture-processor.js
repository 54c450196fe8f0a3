/* global AudioWorkletProcessor, registerProcessor, sampleRate */
/**
 * Microphone capture worklet (voice/microphone-capture.ts): mixes the input to mono, converts it
 * to 16-bit PCM at the context's rate (16 kHz when the browser allows it) and posts it to the page
 * in blocks of about 100 ms together with the block's RMS level for the meter.
 *
 * Messages to the page: { type: 'chunk', pcm: Int16Array (transferred), rms: number }, and
 * { type: 'flushed' } after a { type: 'flush' } request (everything captured has been sent).
 * Plain JavaScript: worklets load by URL (`audioWorklet.addModule`) and the page's CSP allows only
 * same-origin scripts. The float → int16 rule matches voice/wav.ts `floatToInt16`.
 */
class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.blockSize = Math.max(128, Math.round(sampleRate / 10));
    this.buffer = new Int16Array(this.blockSize);
    this.filled = 0;
    this.sumSquares = 0;
    this.running = true;
    this.port.onmessage = (event) => {
      if (event.data && event.data.type === 'flush') {
        this.send();
        this.running = false;
        this.port.postMessage({ type: 'flushed' });
      }
    };
  }

  send() {
    if (this.filled === 0) return;
    const pcm = this.buffer.slice(0, this.filled);
    const rms = Math.sqrt(this.sumSquares / this.filled);
    this.port.postMessage({ type: 'chunk', pcm, rms }, [pcm.buffer]);
    this.filled = 0;
    this.sumSquares = 0;
  }

  process(inputs) {
    if (!this.running) return false;
    const input = inputs[0];
    if (!input || input.length === 0) return true;
    const channels = input.length;
    const frames = input[0].length;
    for (let i = 0; i < frames; i++) {
      let s = 0;
      for (let c = 0; c < channels; c++) s += input[c][i];
      s /= channels;
      if (s > 1) s = 1;
      else if (s < -1) s = -1;
      this.sumSquares += s * s;
      this.buffer[this.filled++] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
      if (this.filled === this.blockSize) this.send();
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);
