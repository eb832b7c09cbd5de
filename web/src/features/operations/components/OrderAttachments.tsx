/**
 * The attachments of a work order: photos shown as thumbnails that open full size, other files
 * (the files area's documents) as links that download. The field of the executor's form uploads
 * with files.uploadFile: a photo larger than the image limit is first reduced in the browser
 * (jpg, longest side at most 1920 px) so a phone's picture fits; documents are checked against
 * the document rules. Removing one takes it off the order's work when the form is saved (the
 * server then deletes the stored file).
 */
import { IconDelete, IconFile, IconUpload } from '@douyinfe/semi-icons';
import { Button, Image, Space, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { StoredFile } from '@eem/contract';
import { MESSAGES, UPLOAD_LIMITS, WORK_ORDER_LIMITS } from '@eem/core';
import { useMutation } from '@tanstack/react-query';
import { useClient, useMutations } from '../../../app/client';
import { useFileUrl } from '../../../blocks/FileImage';
import { FilePicker } from '../../../blocks/FilePicker';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { errorMessage, saveDownloadOrToast } from '../../../blocks/save-file';
import { documentProblem, imageProblem } from '../../../blocks/upload-checks';
import { useTexts } from '../../../i18n/texts';
import { opsTexts } from '../texts';

/** An attachment as the form keeps it (the order detail's file description). */
export type Attachment = Pick<StoredFile, 'fileName' | 'originalName' | 'contentType'>;

const isImage = (file: Pick<StoredFile, 'contentType'>) => file.contentType.startsWith('image/');

/** The attachments an order's detail names, described (a name without description shows as itself). */
export function describe(names: readonly string[], files: readonly StoredFile[]): Attachment[] {
  return names.map(
    (fileName) =>
      files.find((f) => f.fileName === fileName) ?? {
        fileName,
        originalName: fileName,
        contentType: /\.(jpg|png)$/.test(fileName) ? 'image/*' : 'application/octet-stream',
      },
  );
}

function Thumb({ file, onRemove }: { file: Attachment; onRemove?: (() => void) | undefined }) {
  const t = useTexts(opsTexts);
  const client = useClient();
  const url = useFileUrl(isImage(file) ? file.fileName : null);
  return (
    <Space vertical spacing={2} align="center" data-testid="attachment" style={{ width: 104 }}>
      {isImage(file) ? (
        <Image
          src={url ?? undefined}
          width={96}
          height={72}
          alt={file.originalName}
          imgStyle={{ objectFit: 'cover' }}
          preview={{ previewTitle: file.originalName }}
          data-testid="attachment-image"
        />
      ) : (
        <Button
          theme="borderless"
          icon={<IconFile size="extra-large" />}
          style={{ width: 96, height: 72 }}
          aria-label={t('openAttachment', { name: file.originalName })}
          onClick={() =>
            void saveDownloadOrToast(() =>
              client.files.downloadFile.download({ query: { fileName: file.fileName } }),
            )
          }
        />
      )}
      <Space spacing={0}>
        <Typography.Text
          size="small"
          ellipsis={{ showTooltip: true }}
          style={{ maxWidth: onRemove ? 76 : 100 }}
        >
          {file.originalName}
        </Typography.Text>
        {onRemove && (
          <Button
            size="small"
            theme="borderless"
            type="danger"
            icon={<IconDelete />}
            aria-label={t('removeAttachment', { name: file.originalName })}
            onClick={onRemove}
          />
        )}
      </Space>
    </Space>
  );
}

/** The attachments as the order detail shows them (thumbnails; click: full size or download). */
export function AttachmentList({ files }: { files: readonly Attachment[] }) {
  const t = useTexts(opsTexts);
  if (files.length === 0) return <Typography.Text type="tertiary">{t('noAttachments')}</Typography.Text>;
  return (
    <Space wrap spacing={8} data-testid="attachments">
      {files.map((f) => (
        <Thumb key={f.fileName} file={f} />
      ))}
    </Space>
  );
}

/** Loads a picture the browser can decode (null: it cannot). */
async function bitmapOf(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file);
  } catch {
    return null;
  }
}

/**
 * A photo within the image limit: as it is when it fits, else drawn smaller as a jpg until it
 * fits (null: the browser cannot read it).
 */
export async function fitPhoto(file: File): Promise<File | null> {
  if (file.size <= UPLOAD_LIMITS.deviceImageBytes) return file;
  const bitmap = await bitmapOf(file);
  if (!bitmap) return null;
  let scale = Math.min(1, 1920 / Math.max(bitmap.width, bitmap.height));
  const name = `${file.name.replace(/\.[^.]*$/, '')}.jpg`;
  for (let attempt = 0; attempt < 8; attempt++) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.8));
    if (blob && blob.size <= UPLOAD_LIMITS.deviceImageBytes) {
      bitmap.close();
      return new File([blob], name, { type: 'image/jpeg' });
    }
    scale *= 0.7;
  }
  bitmap.close();
  return null;
}

/** The executor's attachments field: upload (photos or files), thumbnails, remove. */
export function AttachmentsField({ value, onChange }: CustomFieldArgs<FormValues>) {
  const t = useTexts(opsTexts);
  // A stored file changes nothing shown until the order's work that names it is saved.
  const store = useMutation(useMutations().files.uploadFile({ invalidates: [] }));
  const files = (value as Attachment[] | undefined) ?? [];
  const full = files.length >= WORK_ORDER_LIMITS.attachmentsMax;

  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    const photo = /\.(jpe?g|png)$/i.test(picked.name);
    const file = photo ? await fitPhoto(picked) : picked;
    // (A photo the browser cannot read is no jpg or png.)
    const problem = !file ? MESSAGES.imageType : photo ? imageProblem(file) : documentProblem(file);
    if (!file || problem) {
      Toast.error(problem ?? MESSAGES.imageType);
      return;
    }
    try {
      const stored = await store.mutateAsync({
        body: { kind: photo ? 'image' : 'document' },
        files: [{ name: file.name, data: file }],
      });
      onChange([...files, stored]);
    } catch (error) {
      Toast.error(errorMessage(error, t('addAttachment')));
    }
  };

  return (
    <Space vertical align="start" spacing={6} style={{ width: '100%' }} data-testid="work-attachments">
      {files.length > 0 && (
        <Space wrap spacing={8}>
          {files.map((f) => (
            <Thumb
              key={f.fileName}
              file={f}
              onRemove={() => onChange(files.filter((x) => x.fileName !== f.fileName))}
            />
          ))}
        </Space>
      )}
      <FilePicker
        label={t('addAttachment')}
        accept={[...UPLOAD_LIMITS.imageExtensions, 'jpeg', ...UPLOAD_LIMITS.documentExtensions]
          .map((e) => `.${e}`)
          .join(',')}
        icon={<IconUpload />}
        loading={store.isPending}
        disabled={full}
        onPick={(file) => void upload(file)}
      />
      <Typography.Text type="tertiary" size="small">
        {t('attachmentsHelp', { n: WORK_ORDER_LIMITS.attachmentsMax })}
      </Typography.Text>
    </Space>
  );
}
