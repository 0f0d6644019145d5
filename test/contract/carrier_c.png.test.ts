/**
 * carrier_c PNG labels: MyDHL renders no images, so the service asks for the PDF and draws it at
 * 203 dpi. The PNG has the label's size in printer dots, and its barcode reads back as the
 * tracking number with an independent decoder (ZXing's Code 128 reader).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { address, shipment, useCarrier } from './support.js';

const s = useCarrier('carrier_c', 'DE');

const berlin = address({
  name: 'Anna Absender',
  company: 'Acme GmbH',
  street1: 'Unter den Linden 1',
  city: 'Berlin',
  state: undefined,
  postal_code: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
});
const munich = {
  name: 'Max Empfaenger',
  street1: 'Marienplatz 8',
  city: 'Muenchen',
  postal_code: '80331',
  country: 'DE',
  phone: '+49 89 7654321',
};

/** The Code 128 symbol a PNG shows, read by ZXing from its grey levels. */
async function readBarcode(png: Buffer): Promise<string> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const grey = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < grey.length; i++)
    grey[i] = Math.round(0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!);
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  return reader
    .decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, image.width, image.height))))
    .getText();
}

describe('carrier_c PNG labels', () => {
  it('are the PDF label drawn at 203 dpi, its size in dots, with a barcode that scans as the tracking number', async () => {
    const res = await s.t.call(
      'POST',
      '/ship',
      s.key,
      shipment(s.account, {
        sender: berlin,
        recipient: munich,
        service: 'domestic_express',
        label_type: 'PNG',
        include_base64_label: true,
        packages: [{ weight: 2, length: 30, width: 20, height: 10 }],
        dim_units: 'CM',
        weight_units: 'KG',
      }),
    );
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const pkg = res.body.shipment.packages[0];
    expect(pkg.label_type).toBe('PNG');
    const png = Buffer.from(pkg.label, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The default template ECOM26_84_001 is a 4 × 8 in label: 812 × 1624 dots at 203 dpi.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([812, 1624]);
    expect(await readBarcode(png)).toBe(pkg.tracking_number);
  });
});
